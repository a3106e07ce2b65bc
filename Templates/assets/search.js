/* WorldFacts search. Index format: Sources/WorldFactsKit/Render/Search/SearchIndex.swift.
   fold() = Folding.swift, pinned by Tests/Fixtures/fold-vectors.json. */
(function (G) {
  "use strict";
  var MAP = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ς": "σ" };
  var WORD = /[\p{L}\p{N}]/u;

  function fold(s) {
    return s.normalize("NFKD").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "")
      .replace(/[ßæœøłđðþıħŧς]/g, function (c) { return MAP[c]; });
  }

  // 0: the text starts with q; 1: a later word of it does; -1: no match.
  function rankText(t, q) {
    if (t.startsWith(q)) return 0;
    var prev = true, i = 0;
    for (var ch of t) {
      var w = WORD.test(ch);
      if (w && !prev && t.startsWith(q, i)) return 1;
      prev = w;
      i += ch.length;
    }
    return -1;
  }

  // Entries [position, title, subtitle, detail, path, texts(, collection)] that match q: whole-field matches first,
  // then word-start matches, each in index order.
  function rank(entries, q) {
    var hits = [];
    entries.forEach(function (e) {
      var best = -1;
      e[5].forEach(function (t) { var r = rankText(t, q); if (r >= 0 && (best < 0 || r < best)) best = r; });
      if (best >= 0) hits.push([best, e]);
    });
    hits.sort(function (a, b) { return a[0] - b[0] || a[1][0] - b[1][0]; });
    return hits.map(function (h) { return h[1]; });
  }

  function hex(p) {
    return Array.from(new TextEncoder().encode(p), function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function prepare(manifest) {
    Object.keys(manifest.scopes).forEach(function (id) {
      var s = manifest.scopes[id];
      manifest.scopes[id] = { l: new Set(s.l), p: new Set(s.p) };
    });
    return manifest;
  }

  // The file that answers q in a prepared scope: "l-<hex>" (all matches), "p-<hex>" (a preview), or
  // null when no record can match.
  function route(scope, q) {
    var p = "";
    for (var ch of q) {
      p += ch;
      if (scope.l.has(p)) return "l-" + hex(p);
      if (!scope.p.has(p)) return null;
    }
    return "p-" + hex(p);
  }

  // Loads shards once each: fetch() over HTTP, a <script> twin from file://. `root` leads from the page
  // to the site's root ("../" from a collection's index).
  function loader(doc, fileMode, root) {
    root = root || "";
    var cache = {}, waiting = {};
    G.__worldfacts = function (key, data) { if (waiting[key]) { waiting[key](data); delete waiting[key]; } };
    return function (scope, file) {
      var key = scope + "/" + file;
      if (!cache[key]) {
        cache[key] = fileMode ? new Promise(function (ok, fail) {
          var s = doc.createElement("script");
          waiting[key] = ok;
          s.src = root + "search/" + key + ".js";
          s.onerror = fail;
          doc.head.appendChild(s);
        }) : fetch(root + "search/" + key + ".json").then(function (r) {
          if (!r.ok) throw new Error(r.status);
          return r.json();
        });
        cache[key].catch(function () { delete cache[key]; });
      }
      return cache[key];
    };
  }

  // Runs queries; an answer that arrives after a newer query was typed is dropped.
  function searcher(manifest, load, show) {
    var seq = 0;
    return function (query, scope) {
      var mine = ++seq, q = fold(query).replace(/^\s+/, "");
      if (!q) return Promise.resolve(show(null));
      var file = route(manifest.scopes[scope], q);
      if (!file) return Promise.resolve(show({ results: [], more: 0 }));
      return load(scope, file).then(function (shard) {
        if (mine !== seq) return;
        var results = rank(shard.r, q);
        show({ results: results, more: file[0] === "p" ? shard.n - results.length : 0 });
      }, function () { if (mine === seq) show({ results: [], more: 0 }); });
    };
  }

  G.WorldFactsSearch = { fold: fold, rankText: rankText, rank: rank, hex: hex, prepare: prepare, route: route, loader: loader, searcher: searcher };

  var doc = G.document, m = doc && doc.getElementById("search-manifest");
  if (!m) return;
  var $ = function (id) { return doc.getElementById(id); };
  var manifest = prepare(JSON.parse(m.textContent)), lang = doc.documentElement.lang || undefined;
  var root = m.getAttribute("data-root") || "";
  var input = $("search"), list = $("results"), none = $("no-results"), more = $("more-results"), count = $("result-count");
  var radios = doc.querySelectorAll("input[name=scope]"), active = -1;
  var scope = function () { for (var r of radios) if (r.checked) return r.value; return radios[0].value; };

  function add(a, cls, text) { var s = doc.createElement("span"); s.className = cls; s.textContent = text; a.appendChild(s); }

  function show(res) {
    var on = !!res, n = on ? res.results.length : 0;
    $("index").hidden = $("section-index").hidden = on;
    list.hidden = !n;
    none.hidden = !on || n > 0;
    more.hidden = !on || !res.more;
    input.removeAttribute("aria-activedescendant");
    list.textContent = "";
    active = -1;
    if (!on) { count.textContent = ""; input.dispatchEvent(new Event("results")); return; }
    res.results.forEach(function (e, i) {
      var li = doc.createElement("li"), a = doc.createElement("a");
      li.id = "result-" + i;
      li.setAttribute("role", "option");
      a.href = root + e[4];
      a.tabIndex = -1;
      add(a, "title", e[1]);
      if (e[2]) add(a, "subtitle", e[2]);
      if (e[3]) add(a, "detail", e[3]);
      if (e[6]) add(a, "collection", e[6]);
      li.appendChild(a);
      list.appendChild(li);
    });
    more.textContent = manifest.more.replace("{count}", res.more.toLocaleString(lang));
    count.textContent = manifest.count.replace("{count}", (n + res.more).toLocaleString(lang));
    input.dispatchEvent(new Event("results"));
  }

  function move(step) {
    var items = list.children;
    if (!items.length) return;
    if (active >= 0) items[active].setAttribute("aria-selected", "false");
    active = (active + step + items.length) % items.length;
    items[active].setAttribute("aria-selected", "true");
    items[active].scrollIntoView({ block: "nearest" });
    input.setAttribute("aria-activedescendant", items[active].id);
  }

  var run = searcher(manifest, loader(doc, G.location.protocol === "file:", root), show);
  function update() {
    var q = input.value, s = scope();
    try { G.history.replaceState(null, "", q ? "?q=" + encodeURIComponent(q) + "&scope=" + encodeURIComponent(s) : G.location.pathname); } catch (e) { /* some file:// setups refuse */ }
    run(q, s);
  }

  input.addEventListener("input", update);
  radios.forEach(function (r) { r.addEventListener("change", update); });
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { input.value = ""; update(); ev.preventDefault(); }
    else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") { ev.preventDefault(); move(ev.key === "ArrowDown" ? 1 : -1); }
    else if (ev.key === "Enter" && list.children.length) { ev.preventDefault(); G.location.href = list.children[Math.max(active, 0)].firstChild.href; }
  });
  var params = new URLSearchParams(G.location.search);
  radios.forEach(function (r) { if (params.get("scope") === r.value) r.checked = true; });
  if (params.get("q")) input.value = params.get("q");
  G.addEventListener("pageshow", function () { if (input.value) update(); });
  if (input.value) update();
})(typeof window !== "undefined" ? window : globalThis);
