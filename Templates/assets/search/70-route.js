// Routing: which shard answers a query, from the manifest and the previews loaded (prefix keys).
  // The shard of the longest prefix of q that a prepared scope has, a leaf or a preview: { file, n }.
  function deepest(scope, q) {
    var p = "", best = null;
    for (var ch of q) {
      var file = scope.l.get(p += ch) || scope.p.get(p);
      if (!file) break;
      best = { file, n: p.length };
      if (file[0] == "l") break;
    }
    return best;
  }

  // The shard that answers q in a prepared scope: { file, preview }, or null when no record can match. A
  // query of several words is answered from a leaf of one word that every match has a word starting with
  // (the first, or one starting with a letter or digit), which holds every match: one already loaded first.
  // Else from the shard of the whole query, as a one-word query is: every match of its words in a row, with
  // their exact count; a leaf of a word once that shard is loaded. With no match in a row, from a word's
  // leaf, the longest first; else from the longest word's preview, which answers in part (`partial`).
  // { need } when a preview on the way must be loaded first (`route`); but a `typed` query (the last
  // one and a character), which may ask for one file, answers in part from the deepest shard it knows of
  // its longest word: each keystroke after it goes one preview deeper.
  function plan(scope, q, loaded, byWords, typed) {
    var whole = route(scope, q), words = wordsOf(q);
    if (!words[1]) return whole;
    if (byWords) whole = null;
    words = words.filter((w, i) => !i || WORD.test([...w][0])).sort((a, b) => b.length - a.length);
    var routes = words.map(w => route(scope, w)), leaves = routes.filter(r => r?.preview == false),
      near = leaves.find(r => loaded(r.file)), need = routes.find(r => r?.need);
    if (near || whole) return near || whole.need || !loaded(whole.file) ? near || whole : leaves[0] || whole;
    return routes.some(r => !r) ? null : need && !typed ? need : leaves[0] || { file: deepest(scope, words[0]).file, preview: true, partial: true };
  }

  // A scope as routing knows it: prefix → shard name, as Maps (a prefix may be any text, "constructor"), and
  // the prefixes whose shards below are known (`k`): the manifest names those one scalar long, and each
  // preview those one scalar below it (`learn`).
  function prepare(manifest) {
    for (var id in manifest.scopes) {
      var s = manifest.scopes[id];
      manifest.scopes[id] = learn({ ...s, l: new Map(), p: new Map(), k: new Set() }, "", s.k);
    }
    return manifest;
  }

  // Adds the shards a preview at `prefix` names below it ({ next scalar: name }) to a prepared scope.
  function learn(scope, prefix, below) {
    for (var ch in below || {}) (below[ch][0] == "l" ? scope.l : scope.p).set(prefix + ch, below[ch]);
    scope.k.add(prefix);
    return scope;
  }

  // The prefix a shard's name gives: l-<hex of its UTF-8>.<tag>.
  var prefixOf = name => decodeURIComponent(name.slice(2, name.indexOf(".")).replace(/../g, "%$&"));

  // A shard's entries as they are shown, made once a shard: the page's path from the collection's pages
  // folder (pages: [[folder, label]] by collection) and the slug, and the label of an entry that carries
  // its collection (in the "All" scope of several); the scope's `c` is the collection of one that does not.
  // A full-text scope's file of rows (`rs`) gives its entries' subtitles, details and scores by number.
  function expand(shard, pages, s) {
    return shard.x || (shard.x = shard.r.map(e => {
      var x = e.slice(), k = e[7] ?? s.c;
      x[4] = pages[k][0] + e[4] + ".html";
      if (e[7] != null) x[7] = pages[k][1];
      if (s.rs) [x[2], x[3], x[6]] = s.rs[e[0]];
      return x;
    }));
  }

  // The shard that answers q in a prepared scope, as the previews loaded so far name it: { file, preview },
  // null when no record can match, or { need } when the preview that names what lies below a prefix on the
  // way is not loaded yet (typed a character at a time, the last keystroke loaded it).
  function route(scope, q) {
    var p = "";
    for (var ch of q) {
      if (!scope.k.has(p)) return { need: scope.p.get(p) };
      p += ch;
      if (scope.l.has(p)) return { file: scope.l.get(p), preview: false };
      if (!scope.p.has(p)) return null;
    }
    return { file: scope.p.get(p), preview: true };
  }

