// The deck page's "Copy link" button. Without it the page still shows the link in a read-only
// field that can be selected and copied by hand.
(function () {
  "use strict";
  document.querySelectorAll("[data-copy-link]").forEach(function (box) {
    var field = box.querySelector("input");
    var button = box.querySelector("[data-copy]");
    var said = box.querySelector("[data-copied]");
    button.hidden = false;
    button.addEventListener("click", function () {
      function manual() {
        field.focus();
        field.select();
        said.textContent = "Select the link and copy it.";
      }
      if (!navigator.clipboard) {
        manual();
        return;
      }
      navigator.clipboard.writeText(field.value).then(function () {
        said.textContent = "Link copied.";
      }, manual);
    });
  });
})();
