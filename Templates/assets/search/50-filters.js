// Filters: an answer narrowed by the checked values, with counts by value.
  // An answer narrowed by filters: chosen[i] is the Set of checked values (numbers) of filter i, and an empty
  // one narrows nothing; an entry carries its values at e[8]. Each filter's counts by value are of the matches
  // every other filter keeps: from the entries of a whole answer, from a preview's (`fc`) when no other
  // filter narrows it, else none (unknown). A preview narrowed by one filter knows how many more there are.
  function facet(res, filters, chosen) {
    var keep = (e, skip) => chosen.every((c, i) => i == skip || !c.size || e[8][i].some(v => c.has(v))), on = chosen.filter(c => c.size).length,
      results = res.results.filter(e => keep(e)), at = chosen.findIndex(c => c.size), counts = filters.map((f, i) => !res.more
        ? f[2].map((v, j) => res.results.filter(e => e[8][i].includes(j) && keep(e, i)).length) : res.more > 0 && on <= !!chosen[i].size && res.fc?.[i]);
    return { ...res, results, counts, more: !on || !res.more ? res.more : counts[at] ? [...chosen[at]].reduce((n, j) => n + counts[at][j], 0) - results.length : -1 };
  }

