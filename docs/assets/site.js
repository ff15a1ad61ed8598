/* Rules Refresher, on every page: small helpers for the page scripts (quiz.js, dice.js, loaded after this where a page
   uses them), the language switch that keeps the place, and the offline copy of the visitor's language. */
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

  /* Whole numbers as the page writes them (the quiz's answers, the calculator's scores). */

  /* The characters that group thousands in a language (4.200 de, tr; 4 200 fr; 4,200 en): whatever space the page
     or a keyboard puts there, normal, no-break or narrow no-break, counts the same. */
  function groupSeparators(lang) {
    var group = ",";
    try {
      new Intl.NumberFormat(lang).formatToParts(12345).forEach(function (part) {
        if (part.type === "group") { group = part.value; }
      });
    } catch (e) { /* a language the browser does not know: plain digits still work */ }
    return /\s/.test(group) ? [" ", "\u00a0", "\u202f"] : [group];
  }

  /* A whole number as the player typed it: plain digits, or grouped by thousands as the page writes numbers; NaN for
     anything else (4.2 is no whole number; Chromium's type="number" would read the German 4.200 as 4.2). */
  function parseWhole(text, lang) {
    var value = String(text).trim();
    var sign = /^[-\u2212]/.test(value) ? -1 : 1;      /* a score below 0: a minus or the typographic minus */
    if (sign < 0) { value = value.slice(1); }
    if (/^\d+$/.test(value)) { return sign * Number(value); }
    var separators = groupSeparators(lang);
    for (var i = 0; i < separators.length; i++) {
      var parts = value.split(separators[i]);
      if (parts.length > 1 && /^\d{1,3}$/.test(parts[0]) &&
          parts.slice(1).every(function (part) { return /^\d{3}$/.test(part); })) {
        return sign * Number(parts.join(""));
      }
    }
    return NaN;
  }

  /* Run setUp on this page and, with Material's document$, after every page swap. Each in a task of its own: run
     inside document$, ours joined Material's start-up in one long task (on Lighthouse's slow phone the Farkle
     refresher's blocking time was 120-330 ms, performance 93-99; in tasks of their own, 20-46 ms and 100). */
  function onEveryPage(setUp) {
    function soon() { setTimeout(setUp, 0); }
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(soon);
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", soon);
    } else {
      soon();
    }
  }

  /* The place on the page, as an id every language shares (quiz/site/pages/templates/parts.md.j2): the anchor followed, while
     its target is still on screen, else the section being read: the last heading within an eighth of the screen of
     where following its anchor would put it (its scroll margin, under the header); none above the first section (the
     title, the top of the page). */
  function placeOnPage() {
    var followed = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    var header = document.querySelector(".md-header");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    if (followed) {
      var box = followed.getBoundingClientRect();
      if (box.bottom > top && box.top < window.innerHeight) { return location.hash; }
    }
    var slack = (window.innerHeight - top) / 8, place = "";
    document.querySelectorAll(".md-content h2[id], .md-content h3[id]").forEach(function (heading) {
      var margin = parseFloat(getComputedStyle(heading).scrollMarginTop) || top;
      if (heading.getBoundingClientRect().top - margin <= slack) { place = "#" + heading.id; }
    });
    return place;
  }

  /* What the reader is doing, where a page script says so and it is on screen: a practice question's
     "#practice=<variant id>" (quiz.js), which every language's pool shares. */
  function taskOnScreen() {
    var task = document.querySelector("[data-rr-keep]");
    if (!task) { return ""; }
    var box = task.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight ? "#" + task.getAttribute("data-rr-keep") : "";
  }

  /* The language switcher keeps the place on the page, every language using the same heading and section ids, and
     the practice question on screen. */
  function keepAnchorOnLanguageSwitch() {
    document.querySelectorAll(".md-select__link[hreflang]:not([data-rr-wired])").forEach(function (link) {
      link.setAttribute("data-rr-wired", "");
      link.addEventListener("click", function () {
        link.setAttribute("href", link.getAttribute("href").split("#")[0] + (taskOnScreen() || placeOnPage()));
      });
    });
  }
  onEveryPage(keepAnchorOnLanguageSwitch);

  return { el: el, format: format, onEveryPage: onEveryPage, parseWhole: parseWhole };
})();

/* Registers the service worker and asks it to keep this page's language for offline use. */
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
