// Wide tables on narrow screens. A table that does not fit scrolls sideways inside its own box
// (.table-scroll, .table-wrap), never the page. This marks the box while more columns lie to its
// right (data-more-right: the CSS fades that side), says so above it ("Scroll sideways for more
// columns"), and gives the second of two sticky columns its place (--sticky-first: the first
// column's width). Without it the tables still scroll, with no cue.
(function () {
  "use strict";
  var BOXES = ".table-scroll, .table-wrap";

  function hintOf(box, make) {
    var before = box.previousElementSibling;
    if (before && before.classList.contains("scroll-hint")) return before;
    if (!make) return null;
    var hint = document.createElement("p");
    hint.className = "scroll-hint";
    hint.setAttribute("data-testid", "scroll-hint");
    hint.setAttribute("aria-hidden", "true");
    hint.textContent = "Scroll sideways for more columns →";
    box.parentNode.insertBefore(hint, box);
    return hint;
  }

  function update(box) {
    var table = box.querySelector("table");
    var first = table && table.querySelector("tr > :first-child");
    if (first) table.style.setProperty("--sticky-first", first.getBoundingClientRect().width + "px");
    var overflow = box.scrollWidth - box.clientWidth > 1;
    var more = overflow && box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    box.toggleAttribute("data-overflow", overflow);
    box.toggleAttribute("data-more-right", more);
    var hint = hintOf(box, overflow);
    if (hint) hint.hidden = !overflow;
  }

  var pending = false;
  function updateAll() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      document.querySelectorAll(BOXES).forEach(update);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    updateAll();
    // Pages that refresh their tables in place (htmx, the live event pages) add rows or swap them.
    new MutationObserver(updateAll).observe(document.body, { childList: true, subtree: true });
  });
  window.addEventListener("resize", updateAll);
  window.addEventListener("load", updateAll);
  document.addEventListener(
    "scroll",
    function (event) {
      if (event.target.matches && event.target.matches(BOXES)) update(event.target);
    },
    true
  );
})();
