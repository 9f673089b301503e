import { paths } from "#shared/paths.ts";

/**
 * The cookie policy's consent categories: Functional (always active), Statistics and
 * Marketing. Rendered only when analytics is configured (otherwise the site sets no
 * optional cookies), hidden: the site script (client/site-script/consent.ts) shows it
 * until the visitor chooses, and the footer's "Cookie settings" reopens it.
 */
export function CookieConsentBanner() {
  return (
    <section
      data-consent-banner
      hidden
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface shadow-lift"
    >
      <div className="page-container py-5">
        <h2 id="cookie-consent-title" className="text-lg font-semibold text-ink">
          Cookies on this site
        </h2>
        <p className="mt-1 text-ink-soft">
          We use functional cookies to run the site. With your permission we also use statistics and marketing
          cookies. Read our{" "}
          <a href={paths.privacyPolicy} className="text-brand underline">
            cookie policy
          </a>
          .
        </p>
        <fieldset className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-ink">
          <legend className="sr-only">Cookie categories</legend>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" checked disabled readOnly className="size-4" /> Functional (always active)
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name="statistics" className="size-4" /> Statistics
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name="marketing" className="size-4" /> Marketing
          </label>
        </fieldset>
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" data-consent-choice="accept-all" className="btn-primary">
            Accept all
          </button>
          <button type="button" data-consent-choice="save" className="btn-secondary">
            Save my choices
          </button>
          <button type="button" data-consent-choice="reject" className="btn-secondary">
            Reject optional cookies
          </button>
        </div>
      </div>
    </section>
  );
}
