// Small helpers of the tournament pages. Everything works without them (plain forms, server-side
// search); they add the match clock's countdown, live lock totals, the pairings filter, a
// Print button and arrow keys on a game replay. The server keeps the clock: the countdown only
// counts down to the end time the server rendered, corrected for the difference between this
// device's clock and the server's.
(function () {
  "use strict";

  // --- the match clock ---------------------------------------------------------------------
  function tickClocks() {
    document.querySelectorAll("[data-clock]").forEach(function (clock) {
      var ends = Date.parse(clock.querySelector("[data-ends]").getAttribute("datetime"));
      if (clock.skew === undefined) {
        clock.skew = Date.parse(clock.dataset.now) - Date.now(); // server minus device
      }
      var left = Math.round((ends - (Date.now() + clock.skew)) / 1000);
      var out = clock.querySelector("[data-left]");
      if (left <= 0) {
        out.textContent = "Time is up";
        out.classList.add("over");
        return;
      }
      var h = Math.floor(left / 3600);
      var m = Math.floor((left % 3600) / 60);
      var s = left % 60;
      var text = (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(s).padStart(2, "0");
      out.textContent = text + " left";
      out.classList.remove("over");
    });
  }
  setInterval(tickClocks, 1000);
  document.addEventListener("DOMContentLoaded", tickClocks);
  document.addEventListener("htmx:afterSettle", tickClocks);

  // --- lock and show: running totals of the swap ----------------------------------------------
  function lockTotals(form) {
    var sums = { out: { cards: 0, chi: 0 }, in: { cards: 0, chi: 0 } };
    form.querySelectorAll("input[data-side]").forEach(function (input) {
      var copies = parseInt(input.value, 10) || 0;
      var side = sums[input.dataset.side];
      side.cards += copies;
      side.chi += copies * (parseInt(input.dataset.chi, 10) || 0);
    });
    var line = form.querySelector("[data-lock-totals]");
    var plural = function (n, word) { return n + " " + word + (n === 1 ? "" : "s"); };
    line.hidden = false;
    line.textContent =
      "Out: " + plural(sums.out.cards, "card") + ", " + sums.out.chi + " Chi · In: " +
      plural(sums.in.cards, "card") + ", " + sums.in.chi + " Chi";
    var balanced = sums.out.cards === sums.in.cards && sums.out.chi === sums.in.chi;
    line.classList.toggle("ok", balanced);
    line.classList.toggle("bad", !balanced);
    if (!balanced) line.textContent += " (they must match)";
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest("[data-lock-form]");
    if (form) lockTotals(form);
  });

  // --- pairings: filter rows by player name as you type ----------------------------------------
  function filterRows(form) {
    var table = document.querySelector(form.dataset.filter);
    if (!table) return;
    var query = form.querySelector("input[type=search]").value.trim().toLowerCase();
    var rows = table.querySelectorAll("tbody tr[data-names]");
    var shown = 0;
    rows.forEach(function (row) {
      var match = !query || row.dataset.names.indexOf(query) !== -1;
      row.hidden = !match;
      if (match) shown += 1;
    });
    var count = document.querySelector("[data-filter-count]");
    if (count && query) count.textContent = shown + " of " + rows.length + " tables";
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest("form[data-filter]");
    if (form) filterRows(form);
  });

  // --- a Print button where printing helps ----------------------------------------------------
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-print]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  });

  // --- a game replay: the arrow keys step back and forth (the links work without this) ------
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    var link = document.querySelector('[data-replay-nav] a[data-key="' + event.key + '"]');
    if (link) window.location.href = link.href;
  });
})();
