/* The law jump box on the laws' contents page: type 52, press Enter, go to law 52.
   It only follows the links of the page's own grid of law numbers (which work without this script),
   so it never requests anything but the site's own pages. */
(function () {
  "use strict";

  function bind() {
    var forms = document.querySelectorAll("form.law-jump");
    Array.prototype.forEach.call(forms, function (form) {
      if (form.dataset.bound) return;
      form.dataset.bound = "1";
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var input = form.querySelector("input");
        var message = form.querySelector(".law-jump-message");
        var number = parseInt(input && input.value, 10);
        var link = isNaN(number) ? null : document.querySelector('.law-grid a[href$="#law-' + number + '"]');
        if (!link) {
          if (message) message.textContent = "There is no law " + (input ? input.value : "") + ".";
          return;
        }
        if (message) message.textContent = "";
        link.click();  /* Material's instant navigation takes it from here */
      });
    });
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(bind);  /* runs on every page, also after instant navigation */
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
