// Keeps an event's pages current from its event stream (GET /api/tournaments/{id}/stream/,
// docs/api.md), opened by htmx's SSE extension on the element with sse-connect
// (templates/tournaments/base.html). Each panel asks for its fragment again only when an event
// concerns it: panels with data-live-round on a round's event (each phone at a moment of its
// own within the event's `spread`), panels with hx-trigger "sse:clock" (or "sse:match",
// "sse:checkin") by the extension itself, and a player's match panel (data-live-match) only when
// its own match changed. A paired round's event carries its tables: the player's own is shown at
// once, unfetched.
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

  // The player's own table, from a paired round's event (its `tables`: [table, player,
  // opponent]); null when the event has none (a Three-Arena round) or the player has no seat.
  // data-player is the name the tables give the viewer's entry: a team member's is the team's.
  function tableFrom(data) {
    var player = live.dataset.player;
    if (!player || !Array.isArray(data.tables)) return null;
    for (var i = 0; i < data.tables.length; i++) {
      var row = data.tables[i];
      if (row[1] === player || row[2] === player) {
        return { table: row[0], opponent: row[1] === player ? row[2] : row[1], round: data.number };
      }
    }
    return null;
  }

  // Shown at once in the "your table" panel, before its fragment comes (at most `spread` seconds
  // later, with the clock and the match link). Text only: no markup from the stream.
  function showTable(mine) {
    var panel = document.getElementById("my-table");
    if (!panel) return;
    var title = panel.querySelector("h2");
    if (title) title.textContent = "Round " + mine.round + ": your table";
    var line = panel.querySelector(".my-table-line") || document.createElement("p");
    line.className = "my-table-line";
    line.textContent = "";
    var table = document.createElement("strong");
    table.className = "my-table-no";
    table.textContent = "Table " + mine.table;
    line.appendChild(table);
    if (mine.opponent) {
      line.appendChild(document.createTextNode(" against "));
      var them = document.createElement("strong");
      them.className = "my-table-opponent";
      them.textContent = mine.opponent;
      line.appendChild(them);
    } else {
      line.appendChild(document.createTextNode(": a bye this round (a 2-0 match win)"));
    }
    if (!line.parentNode) panel.appendChild(line);
  }

  function tellTable(mine) {
    if (!mine || !mine.table) return;
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    var text = "Round " + mine.round + ": table " + mine.table;
    notify(text + (mine.opponent ? " against " + mine.opponent : " (a bye)"));
  }

  // Every panel that shows the round asks for its fragment again, each phone at its own moment
  // within the event's `spread` seconds, so that a big event's phones do not all ask at once.
  function refreshRoundPanels(data) {
    var wait = Math.random() * (Number(data.spread) || 0) * 1000;
    window.setTimeout(function () {
      panels("[data-live-round]").forEach(function (panel) {
        htmx.trigger(panel, "live-round");
      });
    }, wait);
  }

  function onRound(event) {
    var data = JSON.parse(event.data);
    var paired = data.status === "paired" && live.dataset.player;
    var mine = paired ? tableFrom(data) : null;
    if (mine) {
      showTable(mine);
      tellTable(mine);
    } else if (paired && !Array.isArray(data.tables)) {
      myTable(data).then(tellTable);
    }
    refreshRoundPanels(data);
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
