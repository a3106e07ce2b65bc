// Filters in the page: the checkboxes of a scope and their counts; counts in words.
  // The checkboxes of scope s's filters.
  var boxes = s => sets.filter(f => f.dataset.scope == s).flatMap(f => [...f.querySelectorAll("input")]);
  // An answer through the checked scope's filters, its counts shown by each value; with no query, the
  // values' totals, and links to the checked values' group pages.
  function narrow(res) {
    var s = scope(), f = strings.scopes[s].f, bs = boxes(s), r, at = b => [f.findIndex(g => g[0] == b.name), b.value];
    if (!f) return res;
    r = res ? facet(res, f, f.map(g => new Set(bs.filter(b => b.checked && b.name == g[0]).map(b => g[2].findIndex(v => v[0] == b.value))))) : { counts: f.map(g => g[2].map(v => v[1])), q: "", more: 0, results: bs.filter(b => b.checked).map(b => {
      var [g, v] = at(b), x = f[g][2].find(x => x[0] == v);
      return [-1, b.nextSibling.textContent, "", say(strings.count, x[1]), f[g][1] + v + ".html"];
    }) };
    bs.forEach(b => {
      var [g, v] = at(b), k = r.counts[g];
      b.parentNode.lastChild.textContent = k ? k[f[g][2].findIndex(x => x[0] == v)].toLocaleString(lang) : "";
    });
    return res || r.results.length ? r : null;
  }

  // A count in its text: the form of its CLDR plural category (`Intl.PluralRules`) where the text has forms,
  // one for every category (SearchIndex.counted).
  var say = (t, n) => (t[new Intl.PluralRules(lang).select(n)] || t).replace("{count}", n.toLocaleString(lang));

