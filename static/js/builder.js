// Deck builder helpers; the page works as plain forms and htmx without them.

// The button that submitted the builder names the change ("op"). htmx remembers the last button
// clicked, which a just re-rendered row or search result may not have registered yet; the submit
// event itself always knows its button.
document.addEventListener("htmx:configRequest", (event) => {
  const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
  if (submitter && submitter.name) event.detail.parameters[submitter.name] = submitter.value;
});

// "Copy text" buttons: shown only where the clipboard can be written.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = "Copied";
  } catch {
    field.select();
    button.textContent = "Press Ctrl+C to copy";
  }
});

function showCopyButtons() {
  if (!navigator.clipboard) return;
  document.querySelectorAll("[data-copy][hidden]").forEach((b) => b.removeAttribute("hidden"));
}
document.addEventListener("DOMContentLoaded", showCopyButtons);
document.addEventListener("htmx:afterSettle", showCopyButtons);
