// The site as an installable web app: register the service worker (/sw.js, which caches
// the static files; see sw.js) once the page has loaded. Browsers without service workers,
// or pages not served over https or from localhost, simply go on without one.
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" })
      .then(() => { document.documentElement.dataset.sw = "registered"; })
      .catch(() => { document.documentElement.dataset.sw = "failed"; });
  });
}
