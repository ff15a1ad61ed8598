/* Rules Refresher: stands in for Material's search worker until its first message, which Material sends once the
   visitor has opened search and the index has arrived; then loads the real worker (named in ?worker=, next to this
   file, so its own relative paths to the stemmers still hold) and hands it that message. */
"use strict";
self.addEventListener("message", function first(event) {
  self.removeEventListener("message", first);
  importScripts(new URL(new URL(self.location.href).searchParams.get("worker"), self.location.href).href);
  self.dispatchEvent(new MessageEvent("message", { data: event.data }));
});
