/** A case study's opening: the way back to the list, the client's logo and the page's heading. */
import { ArrowLeft } from "lucide-react";
import type { CaseStudy } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { ContourArt } from "#client/components/ui/contour-art.tsx";
import { ClientLogo } from "./client-logo";

export function CaseStudyHeader({
  study,
  backLink,
  title,
}: {
  study: CaseStudy;
  backLink: string;
  title: string;
}) {
  return (
    <header className="relative isolate overflow-hidden bg-inverse text-on-inverse">
      <ContourArt className="text-accent-on-inverse/25" />
      <div className="page-container relative py-12 sm:py-16">
        <a
          href={paths.caseStudies}
          className="inline-flex min-h-11 items-center gap-2 text-on-inverse-soft hover:text-on-inverse hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {backLink}
        </a>
        <div className="mt-6 flex items-center gap-4">
          <ClientLogo study={study} size={64} lazy={false} className="size-16 rounded-card bg-surface" />
          <h1 className="text-headline font-extrabold text-balance">{title}</h1>
        </div>
        <p className="mt-4 max-w-3xl text-lg text-on-inverse-soft">{study.title}</p>
      </div>
    </header>
  );
}
