/* Rules Refresher: small helpers shared by quiz.js and dice.js (loaded before them). */
window.RulesRefresher = (function () {
  "use strict";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  }

  /* Run setUp on this page and, with Material's document$, after every page swap. */
  function onEveryPage(setUp) {
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(setUp);
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", setUp);
    } else {
      setUp();
    }
  }

  return { el: el, format: format, onEveryPage: onEveryPage };
})();
