/* The print pages' button (course_site/site/print_pages.py): the browser's own print dialog, and
   with it "Save as PDF".  Without JavaScript the button stays hidden and the page says how. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll(".print-edition__print"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
})();
