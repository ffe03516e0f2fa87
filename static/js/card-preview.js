// Card previews (templates/decks/_card_preview.html). A card's name is a button; its face opens
// on mouse hover, on a tap or click, and on keyboard focus, Enter or Space. Escape closes it, as
// does a tap or click elsewhere, moving the mouse away (unless a click pinned it) or moving the
// focus away. Without this script the names read as plain text.
//
// An open preview is fixed to the viewport and placed beside its name, so that no scrolling list
// or table clips it. It stays in the page beside its name, so Tab moves from the name into it.
(function () {
  "use strict";
  var GAP = 6;
  var lastPointer = 0;
  var refocusing = false;
  var openRefs = [];

  function parts(ref) {
    if (!ref._cardPreview) {
      ref._cardPreview = ref.querySelector(".card-preview");
      ref._cardPreview._cardRef = ref;
    }
    return { trigger: ref.querySelector(".card-ref-name"), preview: ref._cardPreview };
  }
  function refOf(node) {
    if (!node || !node.closest) return null;
    var ref = node.closest("[data-card-ref]");
    if (ref) return ref;
    var preview = node.closest(".card-preview");
    return preview ? preview._cardRef || null : null;
  }
  function inside(ref, node) {
    return !!node && (ref.contains(node) || parts(ref).preview.contains(node));
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
    openRefs.slice().forEach(function (other) {
      if (other !== ref) close(other);
    });
    var p = parts(ref);
    p.preview.hidden = false;
    p.trigger.setAttribute("aria-expanded", "true");
    ref.classList.add("is-open");
    if (pinned) ref.classList.add("is-pinned");
    if (openRefs.indexOf(ref) < 0) openRefs.push(ref);
    place(ref);
  }
  function close(ref) {
    var p = parts(ref);
    p.preview.hidden = true;
    p.trigger.setAttribute("aria-expanded", "false");
    ref.classList.remove("is-open", "is-pinned");
    openRefs = openRefs.filter(function (other) {
      return other !== ref;
    });
  }
  function closeAll() {
    openRefs.slice().forEach(close);
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
  // The mouse may cross the small gap between a name and its preview: leaving closes the
  // preview a moment later, unless the pointer is back on the name or the preview by then.
  var leaving = null;
  document.addEventListener("pointerover", function (event) {
    if (event.pointerType !== "mouse") return;
    var ref = refOf(event.target);
    if (!ref) return;
    if (leaving && leaving.ref === ref) {
      window.clearTimeout(leaving.timer);
      leaving = null;
    }
    if (!ref.classList.contains("is-open") && event.target.closest(".card-ref-name")) open(ref, false);
  });
  document.addEventListener("pointerout", function (event) {
    if (event.pointerType !== "mouse") return;
    var ref = refOf(event.target);
    if (!ref || inside(ref, event.relatedTarget)) return;
    if (!ref.classList.contains("is-open") || ref.classList.contains("is-pinned")) return;
    if (leaving) window.clearTimeout(leaving.timer);
    leaving = {
      ref: ref,
      timer: window.setTimeout(function () {
        leaving = null;
        if (ref.classList.contains("is-open") && !ref.classList.contains("is-pinned")) close(ref);
      }, 200),
    };
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
    if (ref && !inside(ref, event.relatedTarget) && !ref.classList.contains("is-pinned") && ref.classList.contains("is-open")) {
      close(ref);
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !openRefs.length) return;
    // Focus in a preview (its link) goes back to its name, which stays closed.
    var focused = refOf(document.activeElement);
    closeAll();
    if (focused && focused.isConnected) {
      refocusing = true;
      parts(focused).trigger.focus();
      refocusing = false;
    }
  });
  document.addEventListener("htmx:beforeSwap", closeAll);
  window.addEventListener("resize", closeAll);
  window.addEventListener(
    "scroll",
    function () {
      openRefs.forEach(place);
    },
    true
  );
})();
