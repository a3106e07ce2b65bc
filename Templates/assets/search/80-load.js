// Loading: the index's files, over HTTP and from file://.
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

