/* A glossary term's definition on a touch screen (course_site/glossary.py links the terms).
 *
 * Material's tooltips (the theme's content.tooltips) show a term's definition while the link is
 * hovered or focused.  A finger cannot hover, and a tap would follow the link at once: so the
 * first tap on a term shows its definition (the term takes the focus), and a second tap on the
 * same term, while it still has the focus, opens its glossary entry.  A mouse, a pen and the
 * keyboard are left as they are.
 */
(function () {
  "use strict";
  var touched = null;  // the term a touch went down on
  var shown = false;   // whether that term had the focus already, its definition showing

  function termOf(event) {
    return event.target.closest ? event.target.closest("a.glossary-term") : null;
  }

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
