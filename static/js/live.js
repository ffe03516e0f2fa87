// Keeps an event's pages current from its event stream (GET /api/tournaments/{id}/stream/,
// docs/api.md), opened by htmx's SSE extension on the element with sse-connect
// (templates/tournaments/base.html). Each panel asks for its fragment again only when an event
// concerns it: panels with hx-trigger "sse:round" (or "sse:clock", "sse:checkin") are refreshed
// by the extension itself; a player's match panel (data-live-match) only when its own match
// changed.
//
// Polling is the fallback: while the stream is not open, each panel with data-poll (for example
// "15s") is sent "live-poll" at that interval, and never while the tab is hidden. This is done
// here, not with an hx-trigger filter, because the Content-Security-Policy allows no eval.
//
// And a signed-in player who allowed notifications gets one when a round is paired, in the
// foreground or background: "Round 3: table 41 against alice".
(function () {
  "use strict";

  var live = null; // the element with sse-connect
  var open = false; // whether the stream is open now
  var everOpen = false;

  function panels(selector) {
    return live ? Array.prototype.slice.call(live.querySelectorAll(selector)) : [];
  }

  // --- the fallback: polling while the stream is down, never in a hidden tab -------------------
  function seconds(text) {
    var match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text || "");
    if (!match) return 0;
    var n = parseFloat(match[1]);
    return match[2] === "ms" ? n / 1000 : match[2] === "m" ? n * 60 : n;
  }

  // When each panel last asked, by its id: a panel swapped in keeps its predecessor's time.
  var lastPoll = {};
  var startedAt = Date.now();

  function pollDue() {
    if (open || document.hidden) return;
    var now = Date.now();
    panels("[data-poll]").forEach(function (panel) {
      var every = seconds(panel.getAttribute("data-poll")) * 1000;
      if (!every) return;
      var last = lastPoll[panel.id] === undefined ? startedAt : lastPoll[panel.id];
      if (now - last >= every) {
        lastPoll[panel.id] = now;
        htmx.trigger(panel, "live-poll");
      }
    });
  }

  function refreshAll() {
    var now = Date.now();
    panels("[data-poll]").forEach(function (panel) {
      lastPoll[panel.id] = now;
      htmx.trigger(panel, "live-poll");
    });
  }

  // --- what an event means for the page --------------------------------------------------------
  function onMatch(event) {
    var data = JSON.parse(event.data);
    panels('[data-live-match="' + data.match + '"]').forEach(function (panel) {
      htmx.trigger(panel, "live-refresh");
    });
  }

  function notify(text) {
    try {
      new Notification(text, { tag: "genesis-round-" + live.dataset.event });
    } catch (e) {
      // Some phones allow notifications only through a service worker: nothing to show then.
    }
  }

  function myTable(data) {
    var player = live.dataset.player;
    var event = live.dataset.event;
    // The player's own pairing: the my-match endpoint where the service has it, else the
    // round's public pairings.
    return fetch("/api/tournaments/" + event + "/my-match/", { credentials: "same-origin" })
      .then(function (answer) {
        if (!answer.ok) throw new Error("no my-match");
        return answer.json();
      })
      .then(function (mine) {
        // Read defensively: a name or a player object; a round number or a round object.
        var round = typeof mine.round === "object" && mine.round ? mine.round.number : mine.round;
        var them = mine.opponent;
        if (them && typeof them === "object") them = them.name || them.username;
        if (typeof mine.table !== "number" || (round !== undefined && round !== data.number)) {
          throw new Error("not this round's table");
        }
        return { table: mine.table, opponent: them || null, round: data.number };
      })
      .catch(function () {
        var url = "/api/tournaments/" + event + "/rounds/" + data.number + "/pairings/";
        return fetch(url, { credentials: "same-origin" })
          .then(function (answer) {
            return answer.json();
          })
          .then(function (pairings) {
            var rows = Array.isArray(pairings) ? pairings : pairings.results || [];
            for (var i = 0; i < rows.length; i++) {
              var row = rows[i];
              if (row.player_a === player || row.player_b === player) {
                var opponent = row.player_a === player ? row.player_b : row.player_a;
                return { table: row.table, opponent: opponent, round: data.number };
              }
            }
            return null;
          });
      });
  }

  function onRound(event) {
    var data = JSON.parse(event.data);
    if (data.status !== "paired" || !live.dataset.player) return;
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    myTable(data).then(function (mine) {
      if (!mine || !mine.table) return;
      var text = "Round " + mine.round + ": table " + mine.table;
      notify(text + (mine.opponent ? " against " + mine.opponent : " (a bye)"));
    });
  }

  // --- wiring ----------------------------------------------------------------------------------
  document.addEventListener("htmx:sseOpen", function (evt) {
    var source = evt.detail.source;
    if (!source.genesisWired) {
      source.genesisWired = true;
      source.addEventListener("match", onMatch);
      source.addEventListener("round", onRound);
    }
    var reopened = everOpen && !open;
    open = true;
    everOpen = true;
    if (live) live.dataset.stream = "open";
    // Events missed while the stream was down: a new connection starts from now.
    if (reopened) refreshAll();
  });
  document.addEventListener("htmx:sseError", function () {
    open = false;
    if (live) live.dataset.stream = "polling";
  });
  document.addEventListener("visibilitychange", function () {
    // Back in a tab whose stream was down: catch up at once rather than at the next interval.
    if (!document.hidden && !open) refreshAll();
  });

  // A list the reader opened (a <details> with an id) stays open when its panel is refreshed.
  var reopen = [];
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    if (!evt.detail.shouldSwap || !target || !target.querySelectorAll) return;
    reopen = Array.prototype.slice
      .call(target.querySelectorAll("details[open][id]"))
      .map(function (details) {
        return details.id;
      });
  });
  document.addEventListener("htmx:afterSettle", function () {
    reopen.forEach(function (id) {
      var details = document.getElementById(id);
      if (details) details.open = true;
    });
    reopen = [];
  });

  function permissionButton() {
    var button = document.querySelector("[data-notify-button]");
    if (!button) return;
    if (!("Notification" in window) || Notification.permission !== "default") return;
    button.hidden = false;
    button.addEventListener("click", function () {
      Notification.requestPermission().then(function () {
        button.hidden = true;
      });
    });
  }

  function start() {
    live = document.querySelector("[sse-connect][data-event]");
    if (!live) return;
    live.dataset.stream = "connecting";
    startedAt = Date.now();
    permissionButton();
    window.setInterval(pollDue, 1000);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
