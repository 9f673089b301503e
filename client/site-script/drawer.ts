/**
 * The navigation drawer below 768 px is a <dialog> the menu button opens modal by itself
 * (`command="show-modal"`; the backdrop closes it through `closedby="any"`), so it works
 * without JavaScript. This adds what markup cannot: Tab wraps at both ends instead of
 * leaving for the browser's toolbar, and browsers without invoker commands or `closedby`
 * get the same behaviour from here.
 */
export function enhanceDrawer(): void {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-drawer]");
  if (!dialog) return;
  const supportsCommands = "command" in HTMLButtonElement.prototype;
  if (!supportsCommands) {
    for (const button of document.querySelectorAll<HTMLButtonElement>(`button[commandfor="${dialog.id}"]`)) {
      button.addEventListener("click", () => {
        if (button.getAttribute("command") === "close") dialog.close();
        else dialog.showModal();
      });
    }
  }
  dialog.addEventListener("click", (event) => {
    // A click on the backdrop lands on the dialog element itself.
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("keydown", (event) => keepFocusInside(dialog, event));
  // A choice closes it at once, so the page behind is not left covered while the next one loads.
  for (const link of dialog.querySelectorAll("a[href]")) link.addEventListener("click", () => dialog.close());
}

function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const focusable = dialog.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
