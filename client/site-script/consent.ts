import { readConsent, saveConsent, type CookieConsent } from "#client/lib/analytics.ts";

/**
 * The cookie banner (client/components/layout/cookie-consent.tsx renders it hidden, only
 * when analytics is configured): shown until the visitor chooses, reopened by the
 * footer's "Cookie settings", its boxes showing the stored choice.
 */
export function enhanceConsent(): void {
  const banner = document.querySelector<HTMLElement>("[data-consent-banner]");
  if (!banner) return;
  const box = (name: keyof CookieConsent) => banner.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const open = () => {
    const stored = readConsent();
    for (const name of ["statistics", "marketing"] as const) {
      const input = box(name);
      if (input) input.checked = stored?.[name] ?? false;
    }
    banner.hidden = false;
  };
  const decide = (consent: CookieConsent) => {
    saveConsent(consent);
    banner.hidden = true;
  };
  const choices: Record<string, () => CookieConsent> = {
    "accept-all": () => ({ statistics: true, marketing: true }),
    save: () => ({
      statistics: box("statistics")?.checked ?? false,
      marketing: box("marketing")?.checked ?? false,
    }),
    reject: () => ({ statistics: false, marketing: false }),
  };
  for (const button of banner.querySelectorAll<HTMLButtonElement>("button[data-consent-choice]")) {
    const choice = choices[button.dataset.consentChoice ?? ""];
    if (choice) button.addEventListener("click", () => decide(choice()));
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-consent-open]")) {
    button.hidden = false;
    button.addEventListener("click", open);
  }
  if (readConsent() === undefined) open();
}
