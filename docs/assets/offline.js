/* Rules Refresher: registers the service worker and asks it to keep this page's language for offline use. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !document.currentScript) { return; }
  var root = new URL("../", document.currentScript.src);   /* this file lives at <root>/assets/ */
  var lang = document.documentElement.lang;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.pathname }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) {
        document.documentElement.setAttribute("data-rr-offline", event.data && event.data.cached ? "ready" : "failed");
      };
      registration.active.postMessage({ type: "cache-language", lang: lang }, [channel.port2]);
    }).catch(function () { /* no offline copy: the site still works online */ });
  });
})();
