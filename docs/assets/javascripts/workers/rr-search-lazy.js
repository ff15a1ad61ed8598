/* Rules Refresher: stands in for Material's search worker until its first message, which Material sends once the
   visitor has gone for search and the index has arrived; then loads our search words (rr-search-words.js: accents and
   case folded, highlights as written) and the real worker, whose addresses the build writes in below
   (quiz/site/output/search_split.py), and hands it that message. */
"use strict";
self.addEventListener("message", function first(event) {
  self.removeEventListener("message", first);
  importScripts("__SEARCH_WORDS__", "__SEARCH_WORKER__");
  self.rrFoldSearch(self.lunr);
  self.dispatchEvent(new MessageEvent("message", { data: event.data }));
});
