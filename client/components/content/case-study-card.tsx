import { ArrowRight } from "lucide-react";
import { listCardContributions, listCardDescription } from "#shared/case-study-rules.ts";
import type { CaseStudy } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { ClientLogo } from "./client-logo";
import { ContentImage, type ContentImageProps } from "#client/components/ui/content-image.tsx";

/** requirements §2 list card: screenshot, logo, title, cut description, two contributions, link. */
export function CaseStudyCard({
  study,
  headingLevel = 2,
  imagePriority = "lazy",
}: {
  study: CaseStudy;
  headingLevel?: 2 | 3;
  /** `high` for the first card of a list: on a phone its screenshot is the page's largest image. */
  imagePriority?: ContentImageProps["priority"];
}) {
  const { shown, hasMore } = listCardContributions(study);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line">
      <ContentImage
        image={study.screenshot}
        priority={imagePriority}
        className="aspect-[8/5] w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center gap-3">
          <ClientLogo study={study} size={48} className="size-12 rounded-control" />
          <Heading className="text-xl font-semibold text-ink">{study.title}</Heading>
        </div>
        <p className="mt-3 text-ink-soft">{listCardDescription(study)}</p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-ink-soft">
          {shown.map((contribution) => (
            <li key={contribution}>{contribution}</li>
          ))}
        </ul>
        {hasMore ? <p className="mt-1 pl-5 text-sm font-medium text-ink-soft">And more...</p> : null}
        <a
          href={paths.caseStudy(study.id)}
          className="mt-auto inline-flex items-center gap-2 pt-6 font-semibold text-brand hover:underline"
        >
          View full case study<span className="sr-only">: {study.clientName}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </article>
  );
}
