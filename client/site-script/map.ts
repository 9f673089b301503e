/**
 * The maps service sets cookies and loads scripts, so its frame is made only when the
 * visitor presses "Show the map": no page makes a third-party request by default.
 */
export function enhanceMaps(): void {
  for (const placeholder of document.querySelectorAll<HTMLElement>("[data-map-embed]")) {
    const button = placeholder.querySelector("button");
    button?.addEventListener("click", () => {
      const frame = document.createElement("iframe");
      frame.src = placeholder.dataset.mapEmbed ?? "";
      frame.title = placeholder.dataset.mapTitle ?? "";
      frame.className = "absolute inset-0 size-full border-0";
      frame.referrerPolicy = "no-referrer-when-downgrade";
      frame.allowFullscreen = true;
      placeholder.replaceWith(frame);
      frame.focus();
    });
    button?.removeAttribute("disabled");
  }
}
