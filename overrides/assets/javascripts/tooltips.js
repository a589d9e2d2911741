/* The tooltip of every titled element of the content (glossary terms, the headings' permanent
 * links, the copy buttons, and any `title` a page, a notebook cell or an answer file gives a
 * link or an element), in Material's tooltip (its classes and custom properties).
 *
 * A title is text, and is shown as text (textContent): Material's own content tooltips
 * (content.tooltips, off in mkdocs.yml) would build each from its title as HTML, so a title
 * holding markup would run script on hover.  Drawn for the element the reader points at or
 * focuses, when they do, not set up for each as the page starts (with fifty terms and fifteen
 * headings, Material's setup was a fifth of the start-up's longest task).
 *
 * A finger cannot hover, and a tap would follow a term's link at once: so the first tap on a term
 * shows its definition (the term takes the focus), with a line saying what a second tap does
 * (the script's data-tap-again), and a second tap on the same term, while it still has the
 * focus, opens its glossary entry.  A mouse, a pen and the keyboard are left as they are, and
 * so is a tap on a permanent link.  A definition is set in the text's weight and, on a touch
 * screen, at 14 px (site.css): Material's tooltip is for a word or two, bold at 10 px.
 */
(function () {
  "use strict";
  var TERM = "a.glossary-term";
  var HOSTS = "article [title]";
  var tapAgain = document.currentScript ? document.currentScript.getAttribute("data-tap-again") : "";
  var tip = null;     // the tooltip, made the first time it is needed
  var shownFor = null;
  var shownText = "";  // its title, taken off it while shown (no browser tooltip on top of this one)
  var hiding = 0;

  function make() {
    tip = document.createElement("div");
    tip.className = "md-tooltip2";
    tip.id = "course-tooltip";
    tip.setAttribute("role", "tooltip");
    var inner = document.createElement("div");
    inner.className = "md-tooltip2__inner md-typeset";
    tip.appendChild(inner);
  }

  function show(host) {
    if (shownFor === host) return;
    if (!host.getAttribute("title")) return;  // an empty title shows nothing
    if (shownFor) hide(true);
    clearTimeout(hiding);
    if (!tip) make();
    shownFor = host;
    shownText = host.getAttribute("title");
    host.removeAttribute("title");  // no browser tooltip on top of this one
    host.setAttribute("aria-describedby", tip.id);
    tip.firstChild.textContent = shownText;
    tip.classList.toggle("course-tooltip--term", host.matches(TERM));
    if (host === touched && tapAgain) {
      var line = document.createElement("span");
      line.className = "course-tooltip__tap-again";
      line.textContent = tapAgain;
      tip.firstChild.appendChild(line);
    }
    tip.classList.remove("md-tooltip2--active");
    document.body.appendChild(tip);
    // Below the element, centred on it, as Material places an inline tooltip.
    var box = host.getBoundingClientRect();
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
      if (shownFor === host) tip.classList.add("md-tooltip2--active");
    });
  }

  function hide(now) {
    var host = shownFor;
    if (!host) return;
    shownFor = null;
    host.removeAttribute("aria-describedby");
    host.setAttribute("title", shownText);
    tip.classList.remove("md-tooltip2--active");
    clearTimeout(hiding);
    if (now) tip.remove();
    else hiding = setTimeout(function () { if (!shownFor) tip.remove(); }, 250);  // after the fade
  }

  function hostOf(event) {
    if (!(event.target instanceof Element)) return null;
    // The element shown has no title while it is shown: found by where the event is.
    var host = event.target.closest(HOSTS);
    if (shownFor && shownFor.contains(event.target) && !(host && shownFor.contains(host))) return shownFor;
    return host;
  }

  function termOf(event) {
    var host = hostOf(event);
    return host && host.matches(TERM) ? host : null;
  }

  document.addEventListener("mouseover", function (event) {
    var host = hostOf(event);
    if (host) show(host);
  });
  document.addEventListener("mouseout", function (event) {
    var host = hostOf(event);
    if (host && host === shownFor && !host.contains(event.relatedTarget) && document.activeElement !== host) hide();
  });
  document.addEventListener("focusin", function (event) {
    var host = hostOf(event);
    if (host) show(host);
  });
  document.addEventListener("focusout", function (event) {
    var host = hostOf(event);
    if (host && host === shownFor && !host.matches(":hover")) hide();
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
