/* Figures open full screen (course_site/page/figures.py makes the links).
 *
 * A tap or click on a figure opens it in a modal <dialog>: the version the page shows (light or
 * dark, whichever matches the reader's colour scheme), its caption, and a close button.  The
 * figure is shown at least as wide as the build says its smallest text needs to be readable
 * (data-readable-width: 11 CSS px), and at most at its own width where the screen allows: on a
 * phone in portrait that is wider than the screen, so the figure pans sideways (a finger drags
 * it, pinching still zooms) and a hint says so.  It closes with the close button, Escape, a tap
 * on the backdrop (anywhere but the figure and its words), and the browser's back button: the
 * view is an entry of the history, so "back" closes it instead of leaving the page.  The focus
 * goes back to the figure.  Without this script the link opens the SVG file itself.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var closeLabel = script.getAttribute("data-close-label") || "Close";
  var panHint = script.getAttribute("data-pan-hint") || "";
  var STATE = "course-figure-view";
  var view = null;
  var opener = null;
  var leaving = false; // the view went back in history itself: its popstate is not the reader's

  function shownImage(link) {
    var images = link.querySelectorAll("img");
    for (var i = 0; i < images.length; i++) {
      if (images[i].getClientRects().length) return images[i];
    }
    return images[0];
  }

  function part(name, tag) {
    var element = document.createElement(tag || "div");
    element.className = "figure-view__" + name;
    return element;
  }

  function make() {
    var dialog = document.createElement("dialog");
    dialog.className = "figure-view";
    var close = part("close", "button");
    close.type = "button";
    close.setAttribute("aria-label", closeLabel);
    close.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"/></svg>';
    var pan = part("pan");
    pan.tabIndex = 0; // arrow keys scroll a figure wider than the screen
    pan.appendChild(document.createElement("img"));
    var hint = part("hint", "p");
    hint.textContent = panHint;
    var caption = part("caption", "p");
    dialog.appendChild(close);
    dialog.appendChild(pan);
    dialog.appendChild(hint);
    dialog.appendChild(caption);
    document.body.appendChild(dialog);

    close.addEventListener("click", function () { shut(); });
    dialog.addEventListener("cancel", function (event) { event.preventDefault(); shut(); }); // Escape
    dialog.addEventListener("click", function (event) {
      // The backdrop: every part of the view but the figure itself and its words.
      if (!event.target.closest("img, .figure-view__hint, .figure-view__caption, .figure-view__close")) shut();
    });
    window.addEventListener("popstate", function () {
      if (leaving) leaving = false;
      else if (dialog.open) shut(true);
    });
    return dialog;
  }

  function open(link) {
    var image = shownImage(link);
    if (!image) return;
    view = view || make();
    opener = link;
    var img = view.querySelector("img");
    var pan = view.querySelector(".figure-view__pan");
    var figure = link.closest("figure");
    var caption = figure && figure.querySelector("figcaption");
    img.src = image.currentSrc || image.src;
    // A figure shown as drawn (no dark version) keeps its light panel here too.
    img.classList.toggle("figure-view__as-drawn", !!(figure && figure.classList.contains("course-figure--as-drawn")));
    img.alt = link.getAttribute("aria-label") || "";
    view.setAttribute("aria-label", caption ? caption.textContent : img.alt);
    view.querySelector(".figure-view__caption").textContent = caption ? caption.textContent : "";
    view.showModal();
    var own = parseFloat(image.getAttribute("width")) || image.naturalWidth || 0;
    var readable = parseFloat(link.getAttribute("data-readable-width")) || 0;
    var room = pan.clientWidth;
    img.style.width = Math.max(readable, Math.min(own || room, room)) + "px";
    pan.scrollLeft = 0;
    showPanHint();
    // Measured again once the figure is drawn: an image still loading can take less room.
    if (!img.complete) img.addEventListener("load", showPanHint, { once: true });
    history.pushState({ view: STATE }, "");
    view.querySelector(".figure-view__close").focus();
  }

  function showPanHint() {
    var pan = view.querySelector(".figure-view__pan");
    view.classList.toggle("figure-view--pans", pan.scrollWidth > pan.clientWidth + 1);
  }

  // `fromHistory`: the reader went back, which already left the view's history entry.
  function shut(fromHistory) {
    if (!view || !view.open) return;
    view.close();
    if (!fromHistory && history.state && history.state.view === STATE) {
      leaving = true;
      history.back();
    }
    if (opener) opener.focus();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.course-figure__open");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (typeof HTMLDialogElement !== "function") return; // an old browser opens the SVG file
    event.preventDefault();
    open(link);
  });
})();
