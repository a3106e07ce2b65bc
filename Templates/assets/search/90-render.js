// Rendering: the results list, its marks, counts and suggestions, in the page.
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

