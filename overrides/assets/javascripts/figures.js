/* Figures open full screen (course_site/figures.py makes the links).
 *
 * A tap or click on a figure opens it in GLightbox (vendored: glightbox.min.js, MIT), loaded on
 * the first open only, from this script's own folder, so that it works from the file system
 * too.  The figure shown is the one the page shows: its light or dark version, whichever
 * matches the reader's colour scheme.  In the full-screen view a click zooms a figure to its
 * full size (labels at their drawn size) and it can be dragged; GLightbox does that only on
 * screens wider than 768 px: on a phone, pinching zooms the figure (up to 4.5 times) and a
 * finger drags it.  Escape or the close button closes it and the focus goes back to the figure.  Without this script the link opens the
 * SVG file itself.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var folder = script.src.replace(/[^/]*$/, "");
  var closeLabel = script.getAttribute("data-close-label") || "Close";
  var loading = null;

  function load() {
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var css = document.createElement("link");
        css.rel = "stylesheet";
        css.href = folder.replace(/javascripts\/$/, "stylesheets/") + "glightbox.min.css";
        document.head.appendChild(css);
        var js = document.createElement("script");
        js.src = folder + "glightbox.min.js";
        js.onload = resolve;
        js.onerror = reject;
        document.head.appendChild(js);
      });
    }
    return loading;
  }

  function shownImage(link) {
    var images = link.querySelectorAll("img");
    for (var i = 0; i < images.length; i++) {
      if (images[i].getClientRects().length) return images[i];
    }
    return images[0];
  }

  function frame() {
    return '<div id="glightbox-body" class="glightbox-container" tabindex="-1" role="dialog" aria-modal="true" aria-label="' +
      closeLabel.replace(/"/g, "&quot;") + '"><div class="gloader visible"></div><div class="goverlay"></div>' +
      '<div class="gcontainer"><div id="glightbox-slider" class="gslider"></div>' +
      '<button class="gclose gbtn" aria-label="' + closeLabel.replace(/"/g, "&quot;") + '" data-taborder="3">{closeSVG}</button>' +
      '<button class="gprev gbtn" aria-hidden="true" tabindex="-1" data-taborder="2">{prevSVG}</button>' +
      '<button class="gnext gbtn" aria-hidden="true" tabindex="-1" data-taborder="1">{nextSVG}</button></div></div>';
  }

  function open(link) {
    var image = shownImage(link);
    if (!image) return;
    load().then(function () {
      var box = window.GLightbox({
        elements: [{ href: image.currentSrc || image.src, type: "image", alt: link.getAttribute("aria-label") || "" }],
        lightboxHTML: frame(),
        openEffect: "fade",
        closeEffect: "fade",
        zoomable: true,
        draggable: true,
        touchNavigation: true,
        loop: false,
      });
      box.on("open", function () {
        var close = document.querySelector(".glightbox-container .gclose");
        if (close) close.focus();
      });
      box.on("close", function () {
        link.focus();
        setTimeout(function () { box.destroy(); }, 0);
      });
      box.open();
    }, function () {
      window.location.href = link.href;
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.course-figure__open");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link);
  });
})();
