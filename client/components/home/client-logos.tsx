import type { CaseStudy } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { ClientLogo } from "#client/components/content/client-logo.tsx";
import type { PageCopy } from "#shared/copy/copy-pages.ts";
import { Section } from "#client/components/sections/section.tsx";

/** Proof: the clients of the case studies, each logo a link to how we helped them. */
export function ClientLogos({
  studies,
  total,
  copy,
}: {
  studies: readonly CaseStudy[];
  total: number;
  copy: PageCopy<"home">["clients"];
}) {
  if (studies.length === 0) return null;
  return (
    <Section
      id="clients"
      title={copy.title}
      className="border-b border-line bg-surface py-10"
      titleClassName="eyebrow text-center text-ink-soft"
    >
      <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-5">
        {studies.map((study) => (
          <li key={study.id}>
            <a
              href={paths.caseStudy(study.id)}
              className="group flex min-h-11 items-center gap-2.5 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-ink-soft hover:bg-muted hover:text-ink"
            >
              <ClientLogo
                study={study}
                size={36}
                named
                className="size-9 rounded-control grayscale transition duration-(--duration-quick) group-hover:grayscale-0"
              />
              <span>
                {study.clientName}
                <span className="sr-only">: how we helped them</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {total > studies.length ? (
        <p className="mt-6 text-center">
          <a href={paths.caseStudies} className="font-semibold text-brand underline-offset-4 hover:underline">
            {copy.allLink.replace(/\{count\}/g, String(total))}
          </a>
        </p>
      ) : null}
    </Section>
  );
}
