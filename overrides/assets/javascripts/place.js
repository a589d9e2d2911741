/* The reader's place: when the language changes, and on the way to a heading down the page.
 *
 * When the language changes, the other language's page opens at the same
 * section.  Headings differ in text and id between the languages, but both pages have the same
 * headings in the same order (a translation keeps the original's structure), so the section
 * travels as its heading's number in the page: a link to the page in another language (the
 * language menu, a translation's notice) gets `?section=<n>` when it is followed, and the page
 * it opens replaces that with its own heading's id (#...) and scrolls there.  The browser's Back
 * then returns to the page the reader left, where they left it.  From file:// too: nothing is
 * stored.
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
