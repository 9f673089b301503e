import { CheckCircle2 } from "lucide-react";
import type { PageCopy } from "#shared/copy/copy-pages.ts";
import { paths } from "#shared/paths.ts";

/** A thank-you page after a lead form, in its own copy. */
export function ThankYou({ copy }: { copy: PageCopy<"thank-you-web-app"> }) {
  return (
    <section className="page-container section max-w-3xl text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-success" />
      <h1 className="section-title mt-6">{copy.title}</h1>
      <p className="mt-4 text-lg text-ink-soft">{copy.text}</p>
      <div className="mt-10 rounded-card bg-muted p-6 text-left ring-1 ring-line">
        <h2 className="text-xl font-semibold text-ink">{copy.nextTitle}</h2>
        <ol className="mt-4 list-decimal space-y-3 pl-6 text-ink">
          {copy.nextSteps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
      </div>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <a href={paths.home} className="btn-primary">
          {copy.homeLabel}
        </a>
        <a href={paths.services} className="btn-secondary">
          {copy.servicesLabel}
        </a>
      </div>
    </section>
  );
}
