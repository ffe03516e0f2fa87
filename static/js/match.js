// Small helpers of the tournament pages. Everything works without them (plain forms, server-side
// search); they add the match and round clocks' countdowns, live lock totals with − and +
// steppers, the pairings filter, the names of a table on the results-entry page, a Print button
// and arrow keys on a game replay. The server keeps the clock: the countdown only counts down to
// the end time the server rendered, corrected for the difference between this device's clock and
// the server's.
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
      // A page may word it otherwise: the projector's clock says just "Time" at zero.
      var over = clock.dataset.overText || "Time is up";
      var suffix = clock.dataset.suffix === undefined ? " left" : clock.dataset.suffix;
      if (left <= 0) {
        out.textContent = over;
        out.classList.add("over");
        return;
      }
      var h = Math.floor(left / 3600);
      var m = Math.floor((left % 3600) / 60);
      var s = left % 60;
      var text = (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(s).padStart(2, "0");
      out.textContent = text + suffix;
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

  // − and + next to each count (hidden until this script shows them), kept within 0..max.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    var max = parseInt(input.max, 10);
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    input.value = Math.max(0, isNaN(max) ? value : Math.min(max, value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // A refreshed panel brings a fresh totals line (the counts themselves are kept): fill it in.
  function enhanceLockForms() {
    document.querySelectorAll("[data-lock-form]").forEach(function (form) {
      form.querySelectorAll("button[data-step]").forEach(function (b) { b.hidden = false; });
      lockTotals(form);
    });
  }
  document.addEventListener("DOMContentLoaded", enhanceLockForms);
  document.addEventListener("htmx:afterSettle", enhanceLockForms);

  // --- results entry: the table number shows whose result is being typed ----------------------
  function showTable(form) {
    var names = JSON.parse(document.getElementById(form.dataset.tableNames).textContent);
    var table = form.querySelector("[name=table]").value.trim();
    var pair = names[table];
    var out = form.querySelector("[data-table-names]");
    form.querySelectorAll("[data-wins-label]").forEach(function (label, i) {
      if (label.dataset.plain === undefined) label.dataset.plain = label.textContent;
      label.textContent = pair ? pair[i] + "'s wins" : label.dataset.plain;
    });
    out.textContent = pair ? "Table " + table + ": " + pair[0] + " v " + pair[1] : "";
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest("form[data-table-names]");
    if (form && event.target.name === "table") showTable(form);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-table-names]").forEach(showTable);
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
