// Running a query: the manifest once, search on submit, and the query kept in the URL.
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

