// The searcher: a query in a scope, through its shards, to an answer; and what the tests call.
  // Entries merged into the "All" scope: each with a score slot and its collection's label.
  var labelled = (entries, label) => label ? entries.map(e => [...e.slice(0, 6), e[6] ?? null, label]) : entries;

  // Runs queries, dropping an answer that comes after a newer query. Below its previews, the "All" scope
  // merges its members' shards (m: [[scope, label]]), a record once. A query that matches nothing gets
  // `near`: suggestions from the shards of its scopes already loaded, and the shard of the longest prefix
  // of q they have, loaded when it is not: one request at most.
  function searcher(manifest, load, show) {
    var seq = 0, last, typed, scopes = manifest.scopes, got = load.got || {}, pages = manifest.pages;
    var members = s => (s.m || []).map(m => [m[0], pages[m[1]][1]]);
    var entriesOf = (id, shard, label) => labelled(expand(shard, pages, scopes[id]), label);
    // A shard of scope `id`, and what it names below it: its own scope's shards, and in the "All" scope
    // its members' (`mk`).
    function get(id, file) {
      return load(id + "/" + file).then(shard => {
        if (file[0] == "p") {
          var at = prefixOf(file);
          learn(scopes[id], at, shard.k);
          for (var m in shard.mk || {}) if (scopes[m]) learn(scopes[m], at, shard.mk[m]);
        }
        return shard;
      });
    }
    // `plan` in scope `id`, once the previews on the way are loaded. A leaf that answers several words and
    // holds none of them in a row (a leaf on the whole query's way) gives way to `plan` by the words alone.
    function planned(id, q, words) {
      var r = plan(scopes[id], q, f => load.has?.(id + "/" + f), words, typed);
      return r?.need ? get(id, r.need).then(() => planned(id, q, words))
        : !words && r?.preview == false && wordsOf(q)[1] ? get(id, r.file).then(x => x.r.some(e => tier(e[5], q) < 3) ? r : planned(id, q, 1))
        : Promise.resolve(r);
    }
    function nearest(scope, q) {
      var labels = new Map([[scope, null]].concat(members(scopes[scope]))), best = null;
      labels.forEach((l, id) => {
        var d = deepest(scopes[id], q);
        if (d && !(best?.n >= d.n)) best = { id, ...d };
      });
      return Promise.resolve(best && !got[best.id + "/" + best.file] && get(best.id, best.file).catch(() => 0)).then(() => suggest(
        Object.keys(got).map(k => k.split("/")).filter(k => k[1] && labels.has(k[0]))
          .flatMap(k => entriesOf(k[0], got[k.join("/")], labels.get(k[0]))), q, scopes[scope].t));
    }
    // A full-text scope answers from the shards of q's words (`textRank`), loaded one after the other until
    // no record of a complete one matches every word so far: pasted text stops at its first word no record
    // shares with the others, rather than asking for a shard per word. None when a word has no shard. The
    // scope's file of rows (`r`), where it has one, is loaded first, once.
    function textParts(scope, q) {
      var words = [...new Set(wordsOf(q))], one = !words[1], parts = [], left, s = scopes[scope];
      return words.reduce((p, w) => p.then(() => left && !left.size || planned(scope, w).then(r => {
        if (!r) return left = new Set();
        parts.push({ scope, file: r.file, partial: !one && r.preview, preview: one && r.preview });
        return r.preview || get(scope, r.file).then(s => {
          var k = s.r.filter(e => hasWord(e, w)).map(e => e[0]);
          left = new Set(left ? k.filter(x => left.has(x)) : k);
        });
      })), Promise.resolve(s.r && load(scope + "/" + s.r).then(r => s.rs = r))).then(() => left && !left.size ? [] : parts);
    }
    return function (query, scope) {
      var mine = ++seq, q = fold(query).trimStart(), s = scopes[scope], n = 0, seen = {}, partial, fc;
      // Typed: the last query and one more character.
      typed = last == q.slice(0, -1), last = q;
      if (!q) return Promise.resolve(show(null));
      // The "All" scope answers a query of several words from its members' shards.
      return (s.t ? textParts(scope, q) : (s.m && wordsOf(q)[1] ? Promise.resolve(null) : planned(scope, q)).then(own => Promise.all(own
        ? [{ ...own, scope }]
        : members(s).map(m => planned(m[0], q).then(r => r && { ...r, scope: m[0], label: m[1] }))
      ))).then(parts => {
        partial = parts.some(p => p?.partial);
        // A preview's entries all match: the rest of its total are the results it does not show.
        return Promise.all(parts.filter(p => p).map(p => get(p.scope, p.file).then(shard => {
          n += p.preview ? shard.n - shard.r.length : 0;
          fc = shard.fc;
          return entriesOf(p.scope, shard, p.label);
        })));
      }).then(lists => {
        var results = (s.t ? textRank(lists, q) : rank(lists.flat(), q)).filter(e => !seen[e[0]] && (seen[e[0]] = 1)),
          res = { results, q, more: partial ? -1 : n, fc };
        return results.length || res.more ? res : nearest(scope, q).then(near => ({ ...res, near }));
      }).then(res => { if (mine == seq) show(res); }, () => { if (mine == seq) show({ results: [], more: 0 }); });
    };
  }

  G.WorldFactsSearch = { WORD, fold, rankText, tier, rank, textTier, textRank, facet, mark, typos, suggest, prepare, learn, prefixOf, route, plan, loader, manifestOf, searcher };

