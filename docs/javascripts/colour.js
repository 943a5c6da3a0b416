/* The colour toggle, the site's own (issue 36): the header's light/dark button switches the colours
   without the theme's script, so the reader's first tap on it costs one restyle of the page and
   nothing else (before, the tap loaded the theme's script and waited for its whole set-up: 3.6x the
   bare Material site at 4x CPU).

   The markup is the theme's (overrides/partials/palette.html: a radio button per palette, each
   followed by the button that switches to the next; the label's tap checks the next radio button),
   the colours are the theme's CSS (the body's data-md-color-scheme, -primary and -accent), and the
   choice is stored as the theme stores it (__md_set("__palette", {index, color})), so that the theme's
   own early script gives every page the same colours. Enter on the toggle switches too, as in the
   theme. Transitions are off while the colours change (data-md-color-switching, the theme's CSS), so
   that the page does not fade through a hundred frames. */
(function () {
  "use strict";

  var FORM = "[data-euchre-palette]";
  var KEYS = ["media", "scheme", "primary", "accent"];

  function options(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input.md-option"));
  }

  function colourOf(input) {
    var color = {};
    KEYS.forEach(function (key) {
      color[key] = input.getAttribute("data-md-color-" + key) || "";
    });
    if (color.media === "(prefers-color-scheme)") {
      // "follow the system": the colours of the palette whose media query matches now, as the theme does
      var system = document.querySelector(
        matchMedia("(prefers-color-scheme: light)").matches
          ? "[data-md-color-media='(prefers-color-scheme: light)']"
          : "[data-md-color-media='(prefers-color-scheme: dark)']"
      );
      if (system) {
        ["scheme", "primary", "accent"].forEach(function (key) {
          color[key] = system.getAttribute("data-md-color-" + key) || color[key];
        });
      }
    }
    return color;
  }

  function apply(form, input) {
    var inputs = options(form);
    var index = inputs.indexOf(input);
    if (index < 0) return;
    var body = document.body;
    var color = colourOf(input);
    body.setAttribute("data-md-color-switching", "");
    KEYS.forEach(function (key) {
      if (color[key]) body.setAttribute("data-md-color-" + key, color[key]);
    });
    inputs.forEach(function (other, i) {
      var label = other.nextElementSibling;
      if (label && label.tagName === "LABEL") label.hidden = i !== index;
    });
    try {
      window.__md_set("__palette", { index: index, color: color });
    } catch (error) {
      console.error(error);  // not stored (private browsing): this page still changes
    }
    // transitions back once the new colours are painted
    requestAnimationFrame(function () {
      setTimeout(function () { body.removeAttribute("data-md-color-switching"); }, 0);
    });
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input && input.closest && input.closest(FORM);
    if (form && input.matches("input.md-option") && input.checked) apply(form, input);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var form = event.target && event.target.closest && event.target.closest(FORM);
    if (!form) return;
    var inputs = options(form);
    var current = inputs.findIndex(function (input) { return input.checked; });
    var next = inputs[(current + 1) % inputs.length];
    if (!next) return;
    event.preventDefault();
    next.click();
    next.focus();
  });
})();
