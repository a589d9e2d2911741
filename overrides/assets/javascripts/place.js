/* The reader's place: when the language changes, on the way to a heading down the page, and
 * where they left off.
 *
 * When the language changes, the other language's page opens at the same
 * section.  Headings differ in text and id between the languages, but both pages have the same
 * headings in the same order (a translation keeps the original's structure), so the section
 * travels as its heading's number in the page: a link to the page in another language (the
 * language menu, a translation's notice) gets `?section=<n>` when it is followed, and the page
 * it opens replaces that with its own heading's id (#...) and scrolls there.  The browser's Back
 * then returns to the page the reader left, where they left it.  From file:// too: nothing is
 * stored for it.
 *
 * Where the reader left off (course_site/page/reading_place.py): a section's page (its script's
 * data-page, its address without the language's folder) keeps the heading the reader is under,
 * once the page has loaded, when they stop scrolling and when they leave, in the browser's
 * storage under the site's scope (Material's helpers, and the site's workaround when storage is
 * refused: partials/storage-workaround.html).  A page with a slot for it (the home pages, the
 * 404 page) offers that section in the slot's language, at that heading, and makes it the
 * page's one primary button.
 */
(function () {
  "use strict";

  var PARAMETER = "section";

  /* Show a heading, and show it again until it stays put: what is above it can still change
   * height after it was shown (figures and fonts arriving), which moves it away from the top of
   * the screen.  Half a second at most; the reader's own scrolling stops it. */
  function show(heading) {
    var place = null;  // where the heading stands once shown
    var still = 0;     // frames it has stayed there
    var frames = 0;
    var stopped = false;
    function stop() { stopped = true; }
    ["wheel", "touchstart", "keydown"].forEach(function (type) {
      addEventListener(type, stop, { once: true, passive: true });
    });
    (function step() {
      if (stopped || still >= 5 || ++frames > 30) return;
      if (heading.getBoundingClientRect().top === place) {
        still += 1;
      } else {
        heading.scrollIntoView();
        place = heading.getBoundingClientRect().top;
        still = 0;
      }
      requestAnimationFrame(step);
    })();
  }

  function target() {
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (malformed) {  // "#%E0%A4%A": no heading has that name
      return null;
    }
    return id ? document.getElementById(id) : null;
  }

  // A link within the page (the table of contents, a heading's link, Back to a heading): the
  // browser has scrolled to the heading; keep it there while the cells on the way are drawn.
  addEventListener("hashchange", function () {
    var heading = target();
    if (heading) show(heading);
  });
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[href^='#']") : null;
    // The same address again fires no hashchange, but the browser scrolls back to the heading.
    if (link && link.hash && link.hash === location.hash) {
      requestAnimationFrame(function () {
        var heading = target();
        if (heading) show(heading);
      });
    }
  });

  function headings() {
    return Array.prototype.slice.call(document.querySelectorAll(
      "article h1[id], article h2[id], article h3[id], article h4[id], article h5[id], article h6[id]"));
  }

  /* The number of the heading whose section the reader is in: the last one that has come up
   * to the top of the screen (below the header, or a little under it); -1 above the first. */
  function currentSection() {
    var header = document.querySelector(".md-header");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    var line = top + Math.min(100, (window.innerHeight - top) / 8);
    var found = -1;
    headings().forEach(function (heading, number) {
      if (heading.getBoundingClientRect().top <= line) found = number;
    });
    return found;
  }

  // Following a link to this page in another language: it carries the section's number.
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
    if (!link) return;
    var url = new URL(link.href);
    url.searchParams.delete(PARAMETER);
    url.hash = "";
    var section = currentSection();
    if (section > 0) url.searchParams.set(PARAMETER, String(section));
    link.href = url.href;
  }, true);

  // -- Where the reader left off ---------------------------------------------------------------

  var script = document.currentScript;
  var KEY = "__place";
  // The site's root, as Material scopes what it keeps (the 404 page's links start from its <base>).
  var scope = new URL(script.getAttribute("data-root") || ".", document.baseURI);
  var page = script.getAttribute("data-page");

  function recalled() {
    var place = null;
    try {
      place = typeof __md_get === "function" ? __md_get(KEY, undefined, scope) : null;
    } catch (e) {}
    var fits = place !== null && typeof place === "object" && typeof place.page === "string" &&
      typeof place.language === "string" && typeof place.heading === "string" &&
      Number.isInteger(place.section) && place.section >= 0;
    return fits ? place : null;
  }

  function headingWords(heading) {
    return Array.prototype.filter.call(heading.childNodes, function (node) {
      return !(node.classList && node.classList.contains("headerlink"));
    }).map(function (node) { return node.textContent; }).join("").trim();
  }

  function keep() {
    var number = Math.max(currentSection(), 0);
    var heading = headings()[number];
    if (typeof __md_set === "function") {
      __md_set(KEY, { page: page, language: document.documentElement.lang, section: number,
        heading: number > 0 && heading ? headingWords(heading) : "" }, undefined, scope);
    }
  }

  if (page) {
    var settling = 0;
    addEventListener("load", keep);
    addEventListener("scroll", function () {
      clearTimeout(settling);
      settling = setTimeout(keep, 500);
    }, { passive: true });
    addEventListener("pagehide", keep);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") keep();
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-continue]"), function (slot) {
    var place = recalled();
    var titles = JSON.parse(slot.getAttribute("data-pages") || "{}");
    if (!place || !Object.prototype.hasOwnProperty.call(titles, place.page)) return;
    var link = slot.querySelector("a");
    var url = new URL(slot.getAttribute("data-folder") + place.page, scope);
    if (place.section > 0) url.searchParams.set(PARAMETER, String(place.section));
    link.href = url.href;
    slot.querySelector("[data-continue-title]").textContent = titles[place.page];
    if (place.heading && place.language === slot.getAttribute("lang")) {
      slot.querySelector("[data-continue-heading]").textContent = place.heading;
      slot.querySelector("[data-continue-at]").hidden = false;
    }
    slot.hidden = false;
    var around = slot.closest("article, section") || document;
    Array.prototype.forEach.call(around.querySelectorAll("a.md-button--primary"), function (button) {
      if (button !== link) button.classList.remove("md-button--primary");
    });
  });

  // Arriving with a section's number: the address names the heading, and the page shows it.
  var wanted = new URLSearchParams(location.search).get(PARAMETER);
  if (wanted === null) return;
  var query = new URLSearchParams(location.search);
  query.delete(PARAMETER);
  var heading = /^\d+$/.test(wanted) ? headings()[Number(wanted)] : undefined;
  var address = location.pathname + (query.toString() ? "?" + query : "") + (heading ? "#" + heading.id : location.hash);
  history.replaceState(history.state, "", address);
  if (!heading) return;
  show(heading);
  // Figures and fonts that load later move the heading: show it again then, unless the reader
  // has scrolled meanwhile.
  var shown = window.scrollY;
  window.addEventListener("load", function () {
    if (window.scrollY === shown) show(heading);
  }, { once: true });
})();
