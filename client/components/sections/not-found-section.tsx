import { paths } from "#shared/paths.ts";
import { uiStrings } from "#shared/ui-strings.ts";

/**
 * requirements §2: the 404 page's content, for an unknown path and for an unknown or unpublished
 * article or list page alike. The site script logs the missed path (client/site-script/).
 */
export function NotFoundSection({ path }: { path: string }) {
  return (
    <section
      data-missed-path={path}
      className="page-container section flex flex-col items-center text-center"
    >
      <p className="text-6xl font-extrabold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="section-title mt-4">{uiStrings.notFoundTitle}</h1>
      <p className="mt-4 text-ink-soft">The page you were looking for does not exist or has moved.</p>
      <a href={paths.home} className="btn-primary mt-8">
        Return to Home
      </a>
    </section>
  );
}
