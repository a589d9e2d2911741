/* The colour-scheme toggle (partials/palette.html): what Material 9.8.2's palette component did,
 * without its cost.
 *
 * Material's component started by appending a <meta name="color-scheme">, marking the body
 * `data-md-color-switching` (its rule `[data-md-color-switching] *` matches every element),
 * reading the header's computed style and setting the meta's content, then removed the mark a
 * moment later: four restyles of the whole page (3,000 elements on the longest pages) inside the
 * bundle's start-up, most of its long task (issue 19, item 6).  Here the page's start changes
 * nothing that is already right: the colours the reader chose are on the body already (Material's
 * inline script in the header, partials/javascripts/palette.html), so only the button is shown;
 * the metas follow when the browser is idle.  A switch does what Material's did.
 *
 * The reader sees what Material gave: the scheme stored under `__palette` (Material's storage
 * helpers, the same JSON: the option's number and colours), else the first option whose media
 * query matches; one button, for switching to the next option (Enter on the form does it too);
 * the choice remembered; `theme-color` and `color-scheme` metas following the header.  Options
 * whose media is "(prefers-color-scheme)" (automatic) are not supported: mkdocs.yml has none.
 */
(function () {
  "use strict";
  var form = document.querySelector("form[data-course-palette]");
  if (!form) return;
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input"));
  var KEYS = ["media", "scheme", "primary", "accent"];
  var metas = {};
  var current = 0;  // the option shown

  function colours(input) {
    var color = {};
    KEYS.forEach(function (key) { color[key] = input.getAttribute("data-md-color-" + key); });
    return color;
  }

  /* A meta of the head, changed only when its value changes: a new color-scheme restyles the
     whole page (3,000 elements on the longest pages: a long task once the page has loaded,
     issue 19, item 6).  Without a meta the browser draws its own parts (scrollbars, form
     controls) light, so a light scheme needs none. */
  function meta(name, content) {
    if (!metas[name]) {
      if (name === "color-scheme" && (content === "normal" || content === "light")) return;
      metas[name] = document.createElement("meta");
      metas[name].name = name;
      document.head.appendChild(metas[name]);
    }
    if (metas[name].content !== content) metas[name].content = content;
  }

  // The header's colours, for the browser's own frame (Material's metas).
  function followHeader() {
    var style = getComputedStyle(form.closest("header") || document.body);
    meta("color-scheme", style.colorScheme);
    meta("theme-color", "#" + style.backgroundColor.match(/\d+/g).slice(0, 3).map(function (value) {
      return ("0" + (+value).toString(16)).slice(-2);
    }).join(""));
  }

  function apply(index, later) {
    current = index;
    var color = colours(inputs[index]);
    KEYS.forEach(function (key) {
      if (document.body.getAttribute("data-md-color-" + key) !== color[key])
        document.body.setAttribute("data-md-color-" + key, color[key]);
    });
    inputs.forEach(function (input, number) {
      var label = input.nextElementSibling;
      if (label instanceof HTMLLabelElement) label.hidden = number !== index;
    });
    __md_set("__palette", { index: index, color: color });
    if (later) (window.requestIdleCallback || setTimeout)(followHeader);
    else followHeader();
  }

  var stored = __md_get("__palette");
  var index = stored ? stored.index : inputs.findIndex(function (input) {
    var media = input.getAttribute("data-md-color-media");
    return media && matchMedia(media).matches;
  });
  apply(Math.max(0, Math.min(index, inputs.length - 1)), true);

  form.addEventListener("change", function (event) {
    var chosen = inputs.indexOf(event.target);
    if (chosen < 0) return;
    // No colour transitions while switching (Material's rule for this attribute).
    document.body.setAttribute("data-md-color-switching", "");
    apply(chosen);
    setTimeout(function () { document.body.removeAttribute("data-md-color-switching"); });
  });
  // Enter switches as a click on the button does (Material's handler).
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var next = inputs[(current + 1) % inputs.length];
    next.click();
    next.focus();
  });
})();
