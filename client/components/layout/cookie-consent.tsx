import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../shared/paths";
import { readConsent, saveConsent, type CookieConsent } from "../../lib/analytics";

/**
 * The cookie policy's consent categories: Functional (always active), Statistics and
 * Marketing. Shown only when analytics is configured (otherwise the site sets no
 * optional cookies) until the visitor chooses; the footer's 'Cookie settings' reopens it.
 */
export function CookieConsentBanner({ onClose }: { onClose: () => void }) {
  const stored = readConsent();
  const [choice, setChoice] = useState<CookieConsent>(stored ?? { statistics: false, marketing: false });
  const decide = (consent: CookieConsent) => {
    saveConsent(consent);
    onClose();
  };
  return (
    <section
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-2xl"
    >
      <div className="page-container py-5">
        <h2 id="cookie-consent-title" className="text-lg font-semibold text-slate-900">
          Cookies on this site
        </h2>
        <p className="mt-1 text-slate-700">
          We use functional cookies to run the site. With your permission we also use statistics and marketing
          cookies. Read our{" "}
          <Link to={paths.privacyPolicy} className="text-brand underline">
            cookie policy
          </Link>
          .
        </p>
        <fieldset className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-slate-800">
          <legend className="sr-only">Cookie categories</legend>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" checked disabled className="size-4" /> Functional (always active)
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-4"
              checked={choice.statistics}
              onChange={(event) => setChoice({ ...choice, statistics: event.target.checked })}
            />{" "}
            Statistics
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-4"
              checked={choice.marketing}
              onChange={(event) => setChoice({ ...choice, marketing: event.target.checked })}
            />{" "}
            Marketing
          </label>
        </fieldset>
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-primary"
            onClick={() => decide({ statistics: true, marketing: true })}
          >
            Accept all
          </button>
          <button type="button" className="btn-secondary" onClick={() => decide(choice)}>
            Save my choices
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => decide({ statistics: false, marketing: false })}
          >
            Reject optional cookies
          </button>
        </div>
      </div>
    </section>
  );
}
