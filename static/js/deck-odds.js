// The deck page's group draw odds: every tick (or a card type's button) fetches the panel again
// from the server, which computes the odds (rules/core/odds.py), and swaps it in without
// reloading the page. Without this script the form is an ordinary GET of the deck page.
(function () {
  "use strict";
  document.querySelectorAll("form[data-group-odds]").forEach(function (form) {
    var panel = form.querySelector("#group-odds");
    var pending = null;

    function refresh(submitter) {
      var params = new URLSearchParams(new FormData(form));
      if (submitter && submitter.name) params.append(submitter.name, submitter.value);
      if (pending) pending.abort(); // only the latest change counts
      pending = new AbortController();
      var focused = document.activeElement && document.activeElement.id;
      fetch(form.dataset.groupOdds + "?" + params.toString(), {
        signal: pending.signal,
        headers: { Accept: "text/html" },
      })
        .then(function (response) {
          if (!response.ok) throw new Error("status " + response.status);
          return response.text();
        })
        .then(function (html) {
          panel.innerHTML = html;
          // Keep the keyboard where it was: the swapped-in control has the same id.
          var again = focused && document.getElementById(focused);
          if (again && panel.contains(again)) again.focus();
        })
        .catch(function (error) {
          if (error.name !== "AbortError") form.submit(); // fall back to a page load
        });
    }

    form.addEventListener("change", function () {
      refresh(null);
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      refresh(event.submitter);
    });
  });
})();
