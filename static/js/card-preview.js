// Card previews (templates/decks/_card_preview.html). A card's name is a button; its face opens
// on mouse hover, on a tap or click, and on keyboard focus, Enter or Space. Escape closes it, as
// does a tap or click elsewhere, moving the mouse away (unless a click pinned it) or moving the
// focus away. Without this script the names read as plain text.
(function () {
  "use strict";
  var GAP = 6;
  var lastPointer = 0;
  var refocusing = false;

  function refOf(node) {
    return node && node.closest ? node.closest("[data-card-ref]") : null;
  }
  function parts(ref) {
    return { trigger: ref.querySelector(".card-ref-name"), preview: ref.querySelector(".card-preview") };
  }
  function place(ref) {
    var p = parts(ref);
    var box = p.trigger.getBoundingClientRect();
    var width = p.preview.offsetWidth;
    var height = p.preview.offsetHeight;
    var left = Math.max(GAP, Math.min(box.left, window.innerWidth - width - GAP));
    var top = box.bottom + GAP;
    if (top + height > window.innerHeight - GAP && box.top - height - GAP >= GAP) {
      top = box.top - height - GAP;
    }
    p.preview.style.left = left + "px";
    p.preview.style.top = Math.max(GAP, top) + "px";
  }
  function open(ref, pinned) {
    document.querySelectorAll("[data-card-ref].is-open").forEach(function (other) {
      if (other !== ref) close(other);
    });
    var p = parts(ref);
    p.preview.hidden = false;
    p.trigger.setAttribute("aria-expanded", "true");
    ref.classList.add("is-open");
    if (pinned) ref.classList.add("is-pinned");
    place(ref);
  }
  function close(ref) {
    var p = parts(ref);
    p.preview.hidden = true;
    p.trigger.setAttribute("aria-expanded", "false");
    ref.classList.remove("is-open", "is-pinned");
  }
  function closeAll() {
    document.querySelectorAll("[data-card-ref].is-open").forEach(close);
  }

  document.addEventListener("pointerdown", function (event) {
    lastPointer = Date.now();
    // A tap or click outside every open preview closes them.
    if (!refOf(event.target)) closeAll();
  });
  document.addEventListener("click", function (event) {
    var trigger = event.target.closest && event.target.closest(".card-ref-name");
    if (!trigger) return;
    var ref = refOf(trigger);
    event.preventDefault();
    // Enter and Space on the button arrive as a click with no pointer (detail 0): they open.
    if (event.detail === 0) open(ref, false);
    else if (ref.classList.contains("is-pinned")) close(ref);
    else open(ref, true);
  });
  document.addEventListener("pointerover", function (event) {
    if (event.pointerType !== "mouse") return;
    var ref = refOf(event.target);
    if (ref && !ref.classList.contains("is-open") && event.target.closest(".card-ref-name")) open(ref, false);
  });
  document.addEventListener("pointerout", function (event) {
    if (event.pointerType !== "mouse") return;
    var ref = refOf(event.target);
    if (!ref || ref.contains(event.relatedTarget)) return;
    if (ref.classList.contains("is-open") && !ref.classList.contains("is-pinned")) close(ref);
  });
  document.addEventListener("focusin", function (event) {
    // Focus from the keyboard (or a script) opens; a tap or click focuses too, and its click
    // event decides instead.
    if (!event.target.matches || !event.target.matches(".card-ref-name")) return;
    if (refocusing || Date.now() - lastPointer < 600) return;
    open(refOf(event.target), false);
  });
  document.addEventListener("focusout", function (event) {
    var ref = refOf(event.target);
    if (ref && !ref.contains(event.relatedTarget) && !ref.classList.contains("is-pinned")) close(ref);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var shown = document.querySelectorAll("[data-card-ref].is-open");
    if (!shown.length) return;
    shown.forEach(close);
    // Focus in a closed preview (its link) goes back to its name, which stays closed.
    var ref = refOf(document.activeElement);
    if (ref) {
      refocusing = true;
      parts(ref).trigger.focus();
      refocusing = false;
    }
  });
  window.addEventListener("resize", closeAll);
  window.addEventListener("scroll", function () {
    document.querySelectorAll("[data-card-ref].is-open").forEach(place);
  }, true);
})();
