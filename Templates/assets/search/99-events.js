// Events: typing, scopes, filters and keys; the query of the URL when the page loads.
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
