/* The law jump boxes: type 52, press Enter, go to law 52.
   On the laws' contents page it follows the link of the page's own grid of law numbers (which works
   without this script); on the home page (data-sections: each section's first law and its page) it
   goes to the law's section page at the law. It never requests anything but the site's own pages;
   a link is clicked so that Material's instant navigation takes it from there. */
(function () {
  "use strict";

  function target(form, number) {
    var sections = form.dataset.sections;
    if (!sections) {
      var link = document.querySelector('.law-grid a[href$="#law-' + number + '"]');
      return link ? link.getAttribute("href") : null;
    }
    var max = Number(form.querySelector("input").max || 116);
    if (number < 1 || number > max) return null;
    var page = null;
    sections.split(";").forEach(function (pair) {
      var parts = pair.split(" ");
      if (Number(parts[0]) <= number) page = parts[1];
    });
    return page ? page + "#law-" + number : null;
  }

  function bind() {
    var forms = document.querySelectorAll("form.law-jump");
    Array.prototype.forEach.call(forms, function (form) {
      if (form.dataset.bound) return;
      form.dataset.bound = "1";
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var input = form.querySelector("input");
        var message = form.querySelector(".law-jump-message");
        var text = input ? input.value.trim() : "";
        var number = /^\d{1,3}$/.test(text) ? parseInt(text, 10) : NaN;
        var href = Number.isNaN(number) ? null : target(form, number);
        if (!href) {
          if (message) message.textContent = "There is no law " + text.slice(0, 12) + ": the laws are numbered 1 to " + (input && input.max ? input.max : 116) + ".";
          return;
        }
        if (message) message.textContent = "";
        var link = document.createElement("a");
        link.href = href;
        link.hidden = true;
        form.appendChild(link);
        link.click();  /* Material's instant navigation takes it from here */
        link.remove();
      });
    });
  }

  window.euchrePage.onPage(bind);  /* on each page, also after instant navigation (theme.js) */
})();
