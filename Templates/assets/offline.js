/* The installable site's page script (site.yml `offline:`): over http(s) it registers the service worker,
   sw.js at the site's root, and shows the footer's "Save for offline" where the worker says the site may
   be saved whole, counting the files as they are saved. From file:// it does nothing: the pages work from
   disk as they are. The worker answers each question on a port of its own (`ask`). */
(() => {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  // The script is in assets/: the root is the folder above.
  const root = new URL("..", document.currentScript.src);
  const ask = (worker, message, told) => new Promise((done, fail) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = event => {
      const answer = event.data || {};
      if (answer.progress) return told && told(answer);
      channel.port1.close();
      answer.error ? fail(answer.error) : done(answer);
    };
    worker.postMessage(message, [channel.port2]);
  });
  const show = (box, info) => {
    const button = box.querySelector("button"), status = box.querySelector("[role=status]");
    const count = (done, total) => box.dataset.progress.replace("{done}", done.toLocaleString())
      .replace("{total}", total.toLocaleString());
    box.hidden = false;
    if (info.saved) status.textContent = box.dataset.saved;
    button.addEventListener("click", () => {
      button.disabled = true;
      status.textContent = count(0, info.files);
      navigator.serviceWorker.ready
        .then(registration => ask(registration.active, { type: "save" }, answer => {
          status.textContent = count(answer.done, answer.total);
        }))
        .then(() => { status.textContent = box.dataset.saved; },
          () => { status.textContent = box.dataset.failed; })
        .finally(() => { button.disabled = false; });
    });
  };
  navigator.serviceWorker.register(new URL("sw.js", root)).then(() => navigator.serviceWorker.ready)
    .then(registration => ask(registration.active, { type: "info" }))
    .then(info => {
      const box = document.querySelector(".offline-save");
      if (box && info.save) show(box, info.save);
    })
    .catch(() => {});
})();
