/* A glossary term's definition (course_site/glossary.py links the terms, the definition in the
 * link's title).
 *
 * Shown while the term is hovered or has the focus, in Material's tooltip (its classes and
 * custom properties, as its content.tooltips feature draws one).  Material would set up a
 * tooltip of its own for each term as the page starts, with listeners, timers and
 * measurements for every one (a tenth of the start-up's longest task on a page with fifty
 * terms, issue 19, item 6): the terms' titles are out of its sight until it has started, and
 * this script draws one tooltip, for the term the reader points at, when they do.
 *
 * A finger cannot hover, and a tap would follow the link at once: so the first tap on a term
 * shows its definition (the term takes the focus), and a second tap on the same term, while it
 * still has the focus, opens its glossary entry.  A mouse, a pen and the keyboard are left as
 * they are.
 */
(function () {
  "use strict";
  var TERM = "a.glossary-term";
  var terms = Array.prototype.slice.call(document.querySelectorAll(TERM + "[title]"));
  var tip = null;     // the tooltip, made the first time it is needed
  var shownFor = null;
  var hiding = 0;

  // Material sets up its tooltips when the document is loaded (before this script's own
  // listener below runs); the titles come back after, for screen readers and without a mouse.
  terms.forEach(function (term) {
    term.setAttribute("data-definition", term.title);
    term.removeAttribute("title");
  });
  document.addEventListener("DOMContentLoaded", function () {
    terms.forEach(function (term) {
      if (term !== shownFor) term.title = term.getAttribute("data-definition");
    });
  });

  function make() {
    tip = document.createElement("div");
    tip.className = "md-tooltip2";
    tip.id = "glossary-tooltip";
    tip.setAttribute("role", "tooltip");
    var inner = document.createElement("div");
    inner.className = "md-tooltip2__inner md-typeset";
    tip.appendChild(inner);
  }

  function show(term) {
    if (shownFor === term) return;
    if (shownFor) hide(true);
    clearTimeout(hiding);
    if (!tip) make();
    shownFor = term;
    term.removeAttribute("title");  // no browser tooltip on top of this one
    term.setAttribute("aria-describedby", tip.id);
    tip.firstChild.textContent = term.getAttribute("data-definition");
    tip.classList.remove("md-tooltip2--active");
    document.body.appendChild(tip);
    // Below the term, centred on it, as Material places an inline tooltip.
    var box = term.getBoundingClientRect();
    var style = tip.style;
    style.setProperty("--md-tooltip-host-x", box.left + window.scrollX + "px");
    style.setProperty("--md-tooltip-host-y", box.top + window.scrollY + "px");
    style.setProperty("--md-tooltip-x", box.width / 2 + "px");
    style.setProperty("--md-tooltip-y", 8 + box.height + "px");
    style.setProperty("--md-tooltip-tail", "0px");
    style.setProperty("--md-tooltip-width", tip.firstChild.offsetWidth + "px");
    tip.classList.add("md-tooltip2--bottom");
    // A frame later, so that it fades in.
    requestAnimationFrame(function () {
      if (shownFor === term) tip.classList.add("md-tooltip2--active");
    });
  }

  function hide(now) {
    var term = shownFor;
    if (!term) return;
    shownFor = null;
    term.removeAttribute("aria-describedby");
    term.title = term.getAttribute("data-definition");
    tip.classList.remove("md-tooltip2--active");
    clearTimeout(hiding);
    if (now) tip.remove();
    else hiding = setTimeout(function () { if (!shownFor) tip.remove(); }, 250);  // after the fade
  }

  function termOf(event) {
    return event.target instanceof Element ? event.target.closest(TERM + "[data-definition]") : null;
  }

  document.addEventListener("mouseover", function (event) {
    var term = termOf(event);
    if (term) show(term);
  });
  document.addEventListener("mouseout", function (event) {
    var term = termOf(event);
    if (term && term === shownFor && !term.contains(event.relatedTarget) && document.activeElement !== term) hide();
  });
  document.addEventListener("focusin", function (event) {
    var term = termOf(event);
    if (term) show(term);
  });
  document.addEventListener("focusout", function (event) {
    var term = termOf(event);
    if (term && term === shownFor && !term.matches(":hover")) hide();
  });

  var touched = null;  // the term a touch went down on
  var shown = false;   // whether that term had the focus already, its definition showing

  // Before the browser moves the focus, which it does on the way to the click.
  document.addEventListener("pointerdown", function (event) {
    touched = event.pointerType === "touch" ? termOf(event) : null;
    shown = touched !== null && document.activeElement === touched;
  }, true);

  document.addEventListener("click", function (event) {
    var term = termOf(event);
    if (!term || term !== touched) return;
    touched = null;
    if (shown) return;  // the second tap: follow the link
    event.preventDefault();
    term.focus();
  }, true);
})();
