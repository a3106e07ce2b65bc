/* WorldFacts search. Index format: Sources/WorldFactsKit/Search/SearchIndex.swift.
   fold() = Folding.swift, pinned by Tests/Fixtures/fold-vectors.json. */
(function (G) {
  "use strict";
  var MAP = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ς": "σ" };
  var WORD = /[\p{L}\p{N}]/u;

  function fold(s) {
    return s.normalize("NFKD").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "")
      .replace(/./gu, c => MAP[c] || c);
  }

  // 0: the text is q; 1: it starts with q; 2: a later word of it does; -1: no match.
  function rankText(t, q) {
    if (t.startsWith(q)) return +(t != q);
    var prev = true, i = 0;
    for (var ch of t) {
      var w = WORD.test(ch);
      if (w && !prev && t.startsWith(q, i)) return 2;
      prev = w;
      i += ch.length;
    }
    return -1;
  }

  // The words of a folded query, split at white space.
  var wordsOf = q => q.split(/\s+/).filter(w => w);

  // How a record's texts match q: rankText's best, or 3 when q has several words and each starts a word of
  // one text, in any order ("jose san" → San José); Infinity when they do not match.
  function tier(texts, q) {
    var best = Math.min(...texts.map(t => rankText(t, q)).filter(r => r >= 0)), words = wordsOf(q);
    return best < 3 || !words[1] || !texts.some(t => words.every(w => rankText(t, w) >= 0)) ? best : 3;
  }

  // Entries [number, title, subtitle, detail, path, texts(, score(, collection))] that match q: a text equal
  // to q first, then by score (higher first, none last), then whole-field matches before word starts before
  // words in any order, then in index order. ShardPlanner.ranked orders previews the same way. `how` gives
  // an entry's tier (`tier` of its texts unless given).
  function rank(entries, q, how) {
    return entries.map(e => [(how || (e => tier(e[5], q)))(e), e]).filter(h => h[0] < 4)
      .sort((a, b) => (a[0] > 0) - (b[0] > 0) || (a[0] > 2) - (b[0] > 2) || byScore(a, b) || a[0] - b[0] || a[1][0] - b[1][0])
      .map(h => h[1]);
  }

  // Two [tier, entry] pairs by their entries' scores: higher first, none last.
  var byScore = (a, b) => (a[1][6] == null) - (b[1][6] == null) || b[1][6] - a[1][6];

  // Where q starts a word of `title` (or the title itself), as [start, end] in code points, by folding the
  // title a character at a time from each word start; null where it does not (a match in another field).
  function markOne(title, q, taken) {
    var chars = [...title], prev = false;
    for (var i = 0; i < chars.length && q; i++) {
      var w = WORD.test(chars[i]), start = !i || w && !prev;
      prev = w;
      if (!start || taken?.has(i)) continue;
      for (var j = i, k = 0; j < chars.length && k < q.length; j++) {
        var f = fold(chars[j]);
        if (q.startsWith(f, k)) k += f.length;
        else if (f.startsWith(q.slice(k))) k = q.length;
        else break;
      }
      if (k < q.length) continue;
      while (j < chars.length && !fold(chars[j])) j++;
      return [i, j];
    }
    return null;
  }

  // The parts of `title` that q matched, in order: q where it starts a word, else each of its words (the
  // longest first), each at a word start of its own.
  function mark(title, q) {
    var whole = markOne(title, q), taken = new Set(), end = 0;
    return (whole ? [whole] : wordsOf(q).sort((a, b) => b.length - a.length).map(w => {
      var r = markOne(title, w, taken);
      return r && taken.add(r[0]) && r;
    }).filter(r => r).sort((a, b) => a[0] - b[0])).filter(r => r[0] >= end && (end = r[1]));
  }

  // The fewest edits (insert, delete, change, or swap of neighbours: Damerau–Levenshtein as optimal string
  // alignment) that turn q into a start of t; Infinity above max. Rows stop once every cell is above max.
  function typos(t, q, max) {
    var n = Math.min(t.length, q.length + max), prev = [...Array(n + 1).keys()], back = prev, row;
    for (var i = 1; i <= q.length; i++, back = prev, prev = row) {
      row = [i];
      for (var j = 1; j <= n; j++) {
        row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (q[i - 1] != t[j - 1]),
          i > 1 && j > 1 && q[i - 1] == t[j - 2] && q[i - 2] == t[j - 1] ? back[j - 2] + 1 : Infinity);
      }
      if (Math.min(...row) > max) return Infinity;
    }
    return (row = Math.min(...prev)) > max ? Infinity : row;
  }

  // A full-text scope's entry carries, after its collection slot, the note's words that its shard holds:
  // [key, order, snippet(, 1 when the key was cut)]. Those that query word w starts (`NoteWords`).
  var noted = (e, w) => (e[8] || []).filter(h => h[0].startsWith(w) || h[3] && w.startsWith(h[0]));
  // Whether query word w starts a word of a full-text entry's fields or of its note words.
  var hasWord = (e, w) => e[5].some(x => rankText(x, w) >= 0) || noted(e, w).length;

  // A full-text entry's tier for q: `tier` of its fields, else 2 (3 for several words) when each word
  // starts a word of a field or of the note.
  function textTier(e, q) {
    var t = tier(e[5], q), words = wordsOf(q);
    return t < 4 ? t : words.every(w => hasWord(e, w)) ? 2 + !!words[1] : t;
  }

  // Full-text entries of the shards of q's words, one per record with the note words of all of them, ranked,
  // each with the snippet of the first note word that a query word starts (`s`).
  function textRank(lists, q) {
    var by = new Map();
    lists.flat().forEach(e => {
      var m = by.get(e[0]);
      if (!m) by.set(e[0], m = [...e.slice(0, 8), []]);
      m[8] = m[8].concat(e[8] || []);
    });
    return rank([...by.values()], q, e => textTier(e, q)).map(e => {
      var h = wordsOf(q).flatMap(w => noted(e, w)).sort((a, b) => a[1] - b[1])[0];
      e = e.slice(0, 8);
      if (h) e.s = h[2];
      return e;
    });
  }

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

  // Up to 3 entries whose texts (and in a full-text scope, `text`, note words) are closest to q, for a query
  // that matches nothing: fewest typos first (at most 1 for 3 to 5 characters, 2 from 6 on; none below 3 or
  // above 40), then highest score, then index order.
  function suggest(entries, q, text) {
    var max = q.length < 3 || q.length > 40 ? -1 : q.length < 6 ? 1 : 2, seen = new Set();
    return entries.map(e => [Math.min(...e[5].concat(text ? e[8].map(h => h[0]) : []).map(t => typos(t, q, max))), e])
      .filter(h => h[0] <= max && !seen.has(h[1][0]) && seen.add(h[1][0]))
      .sort((a, b) => a[0] - b[0] || byScore(a, b) || a[1][0] - b[1][0])
      .slice(0, 3).map(h => h[1]);
  }

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

  // Loads files of the index once each, by name under search/ ("entry", "manifest/<tag>", "<scope>/<shard>"):
  // each is JSON in a script, __worldfacts("<name>",<JSON>);. From file://, where fetch() is blocked, a
  // <script> element runs it; over HTTP, fetch() reads it and the JSON between the ends is parsed. `root`
  // leads to the site's root, and `dir` from there to the index (a language's: "sv/search/"); a scope
  // shared with another language's index is read from that one's (`at`). Only the entry's name never
  // changes: it is asked again of the server.
  function loader(doc, fileMode, root, dir) {
    root = root || "";
    var cache = {}, waiting = {}, got = {};
    G.__worldfacts = (key, data) => waiting[key]?.(data);
    var load = function (key) {
      if (!cache[key]) {
        var url = root + (load.at[key.split("/")[0]] || dir || "search/") + key + ".js", head = "__worldfacts(" + JSON.stringify(key) + ",";
        cache[key] = fileMode ? new Promise((ok, fail) => {
          waiting[key] = ok;
          doc.head.append(Object.assign(doc.createElement("script"), { src: url, onerror: fail }));
        }) : fetch(url, key == "entry" ? { cache: "reload" } : {}).then(r => {
          if (!r.ok) throw r.status;
          return r.text();
        }).then(t => {
          if (!t.startsWith(head)) throw key;
          return JSON.parse(t.slice(head.length, t.lastIndexOf(")")));
        });
        cache[key] = cache[key].then(d => (got[key] = d), e => { delete cache[key]; throw e; });
      }
      return cache[key];
    };
    load.has = key => key in cache;
    load.got = got;
    load.at = {};
    return load;
  }

  // The prepared manifest, through the entry that names it.
  var manifestOf = load => load("entry").then(e => load(e.manifest)).then(m => {
    for (var id in m.scopes) load.at[id] = m.scopes[id].o;
    return prepare(m);
  });

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

  var doc = G.document, form = doc && doc.getElementById("search-form");
  if (!form) return;
  var $ = id => doc.getElementById(id);
  var lang = doc.documentElement.lang || undefined, root = form.getAttribute("data-root") || "";
  // What results stand in for: an index and its section strip, or the page's content.
  var page = ["index", "section-index", "content"].map($).filter(e => e);
  var input = $("search"), list = $("results"), none = $("no-results"), more = $("more-results"), count = $("result-count"),
    hint = $("suggestions"), hinted = $("suggested"), overlay = $("search-overlay");
  var radios = doc.querySelectorAll("input[name=scope]"), active = -1, sets = [...doc.querySelectorAll("#filters fieldset")];
  var scope = () => ([...radios].find(r => r.checked) || radios[0]).value;

  // A span of `text`, the parts `marks` gives ([start, end] in code points, in order) in <mark>, as text.
  function add(a, cls, text, marks) {
    var s = a.appendChild(doc.createElement("span")), c = [...text], at = 0;
    s.className = cls;
    for (var [from, to] of marks || []) {
      var m = doc.createElement("mark");
      m.append(c.slice(from, to).join(""));
      s.append(c.slice(at, from).join(""), m);
      at = to;
    }
    s.append(c.slice(at).join(""));
  }

  // An answer, its first `limit` results (the manifest's) and a count of the rest.
  function show(res) {
    var on = !!res, n = res?.results.length | 0, rows = res?.results.slice(0, strings?.limit) || [],
      left = on && (res.more < 0 ? -1 : res.more + n - rows.length);
    page.forEach(e => e.hidden = on);
    list.hidden = !n;
    input.setAttribute("aria-expanded", !!n);
    none.hidden = !on || n || res.more;
    more.hidden = !left;
    if (hinted) {
      // Links to the closest titles, when nothing matches.
      hinted.textContent = "";
      (res?.near || []).forEach((e, i) => {
        var a = doc.createElement("a");
        a.href = root + e[4];
        a.textContent = e[1];
        hinted.append(i ? ", " : "", a);
      });
      hint.hidden = !hinted.childNodes.length;
    }
    input.removeAttribute("aria-activedescendant");
    list.textContent = count.textContent = "";
    active = -1;
    if (on) {
      rows.forEach((e, i) => {
        var li = list.appendChild(doc.createElement("li")), a = li.appendChild(doc.createElement("a"));
        li.setAttribute("role", "none");
        a.id = "result-" + i;
        a.setAttribute("role", "option");
        a.href = root + e[4];
        a.tabIndex = -1;
        add(a, "title", e[1], mark(e[1], res.q));
        if (e[2]) add(a, "subtitle", e[2]);
        if (e[3]) add(a, "detail", e[3]);
        if (e[7]) add(a, "collection", e[7]);
        if (e.s) add(a, "snippet", e.s, mark(e.s, res.q));
      });
      if (strings) {
        // A query of several words answered in part has no known total: the count is of those shown.
        more.textContent = left < 0 ? strings.words : say(strings.more, left);
        count.textContent = say(strings.count, n + Math.max(res.more, 0));
      }
    }
    input.dispatchEvent(new Event("results"));
  }

  // Makes option `to` active; with `step`, the one that many after the active one, wrapping around.
  function move(step, to) {
    var items = list.querySelectorAll("a");
    if (!items.length) return;
    items[active]?.setAttribute("aria-selected", false);
    active = ((step ? active + step : to) + items.length) % items.length;
    items[active].setAttribute("aria-selected", true);
    items[active].scrollIntoView({ block: "nearest" });
    input.setAttribute("aria-activedescendant", items[active].id);
  }

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

  // The manifest is loaded once, when first needed (again after a failure).
  var load = loader(doc, G.location.protocol == "file:", root, form.getAttribute("data-index")), strings, running;
  function ready() {
    return running || (running = manifestOf(load).then(manifest => {
      strings = manifest;
      return searcher(manifest, load, res => show(narrow(res)));
    }, e => { running = 0; throw e; }));
  }
  // Search on submit (data-mode="on_submit"): an edit dims the page below until Enter or the button runs
  // it; Escape or a click on the dimmed page brings back the query that ran.
  var onSubmit = form.getAttribute("data-mode") == "on_submit", ran = input.value;
  var dim = on => { if (overlay) overlay.hidden = !on; };
  function cancel() { input.value = ran; dim(); }
  if (overlay) overlay.addEventListener("click", () => { cancel(); input.focus(); });

  function update() {
    var q = input.value, s = scope(), p = new URLSearchParams(q && { q }), on = boxes(s).filter(b => b.checked);
    ran = q;
    dim();
    sets.forEach(f => f.hidden = f.dataset.scope != s);
    if (q || on.length) p.set("scope", s);
    on.forEach(b => p.append(b.name, b.value));
    // Some file:// setups refuse.
    try { G.history.replaceState(null, "", p.size ? "?" + p : G.location.pathname); } catch { }
    ready().then(run => run(q, s), () => show(q && { results: [], more: 0 }));
  }

  form.addEventListener("submit", ev => { ev.preventDefault(); onSubmit && update(); });
  input.addEventListener("focus", () => ready().catch(() => 0));
  input.addEventListener("input", onSubmit ? () => dim(input.value != ran) : update);
  radios.forEach(r => r.addEventListener("change", update));
  sets.forEach(f => f.addEventListener("change", update));
  input.addEventListener("keydown", ev => {
    var k = ev.key;
    if (k == "Escape" && overlay?.hidden == false) cancel();
    else if (k == "Escape") { input.value = ""; update(); }
    else if (k == "Enter" && input.value != ran) update();
    else if (k == "ArrowDown" || k == "ArrowUp") move(k == "ArrowDown" ? 1 : -1);
    else if ((k == "Home" || k == "End") && active >= 0) move(0, k == "Home" ? 0 : -1);
    else if (k == "Enter" && list.children.length) G.location.href = list.querySelectorAll("a")[Math.max(active, 0)].href;
    else return;
    ev.preventDefault();
  });
  var params = new URLSearchParams(G.location.search);
  radios.forEach(r => r.checked ||= params.get("scope") == r.value);
  if (params.get("q")) input.value = ran = params.get("q");
  boxes(scope()).forEach(b => b.checked = params.getAll(b.name).includes(b.value));
  var any = () => input.value || boxes(scope()).some(b => b.checked);
  G.addEventListener("pageshow", () => any() && update());
  any() && update();
})(globalThis);
