/* Rules Refresher: makes search forgiving of how players type, loaded into Material's search worker by our stub
   (rr-search-lazy.js) before the real worker. Accents, letter case and the Turkish dotted and dotless i fold away in
   the index and in every query alike ("egalite" finds "égalité", "SIĞINAK" finds "sığınak", "İpucu" finds
   "ipucu"), and a result's link names the words as its page writes them, so the page it opens highlights them. */
(function () {
  "use strict";

  var QUERY = 2, RESULT = 3;     /* Material's SearchMessageType: SETUP, READY, QUERY, RESULT */

  /* Lower case without accents; Turkish ı and İ become i, as I and i do; œ, æ and ß their two letters. */
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/ı/g, "i").replace(/ß/g, "ss").replace(/œ/g, "oe").replace(/æ/g, "ae");
  }

  /* A word of the index or of a query, folded, without the punctuation around it ("(İpucu)," is "ipucu"), or dropped
     when nothing is left; Material's tokens are split at spaces and hyphens only. */
  function foldToken(token) {
    var word = fold(token.toString()).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    return word ? token.update(function () { return word; }) : null;
  }

  /* The beginning of a word as written that folds to a term ("Sığınak" of "Sığınaklar:" for "siginak"), or
     null. */
  function writtenAs(term, word) {
    word = word.replace(/^[^\p{L}\p{N}]+/u, "");
    for (var end = 1; end <= word.length; end++) {
      if (fold(word.slice(0, end)) === term) { return word.slice(0, end); }
    }
    return null;
  }

  /* Material highlights a result's terms on the page it opens (?h=) by their letters, as it shows the typed beginning
     of a word: give it that beginning as the result's page writes it ("égalité" for "egalite"). */
  function asWritten(item) {
    var marked = [];
    [item.title, item.text].forEach(function (field) {
      String(field || "").replace(/<mark>([^<]*)<\/mark>/g, function (whole, word) {
        marked.push(word);
        return whole;
      });
    });
    var terms = {};
    Object.keys(item.terms || {}).forEach(function (term) {
      var found = false;
      if (item.terms[term]) {
        marked.forEach(function (word) {
          var written = writtenAs(term, word);
          if (written) { terms[written] = found = true; }
        });
      }
      if (!found) { terms[term] = item.terms[term]; }
    });
    item.terms = terms;
  }

  /* Before the real worker's own listener: every query folded as the index was. */
  self.addEventListener("message", function (event) {
    if (event.data && event.data.type === QUERY && typeof event.data.data === "string") {
      event.data.data = fold(event.data.data);
    }
  });

  var post = self.postMessage.bind(self);
  self.postMessage = function (message) {
    if (message && message.type === RESULT && message.data && Array.isArray(message.data.items)) {
      message.data.items.forEach(function (group) { group.forEach(asWritten); });
    }
    post(message);
  };

  /* Once the real worker has loaded lunr: every index it builds folds its words, last in each pipeline (after what
     Material's configuration keeps: its stop word filter). */
  self.rrFoldSearch = function (lunr) {
    lunr.Pipeline.registerFunction(foldToken, "rrFold");
    var add = lunr.Builder.prototype.add;
    lunr.Builder.prototype.add = function () {
      if (!this.rrFolds) {
        this.rrFolds = true;
        this.pipeline.add(foldToken);
        this.searchPipeline.add(foldToken);
      }
      return add.apply(this, arguments);
    };
  };
})();
