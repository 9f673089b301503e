import type { ReactNode } from "react";
import { ContourArt } from "#client/components/ui/contour-art.tsx";

/**
 * How a page opens (docs/decisions/022-brand-identity.md): `ink` is the dark band with the
 * kloof's contour lines (home, services), `paper` the page's own colour with a bold rule
 * (lists and reading), `protea` the accent's soft tint (the service and booking pages that
 * sell). The words decide the rest.
 */
export type HeaderTone = "ink" | "paper" | "protea";

export type PageHeaderProps = {
  title: string;
  subtitle: string;
  /** A short label above the title, saying what the page is. */
  eyebrow?: string;
  tone?: HeaderTone;
  /** requirements §2: service pages list three problem statements under the title. */
  problems?: readonly string[];
  children?: ReactNode;
};

const tones: Record<HeaderTone, { band: string; eyebrow: string; subtitle: string; problem: string }> = {
  ink: {
    band: "bg-inverse text-on-inverse",
    eyebrow: "text-accent-on-inverse",
    subtitle: "text-on-inverse-soft",
    problem: "border-inverse-line bg-on-inverse/5 text-on-inverse",
  },
  paper: {
    band: "bg-canvas text-ink border-b border-line",
    eyebrow: "text-brand",
    subtitle: "text-ink-soft",
    problem: "border-line bg-surface text-ink",
  },
  protea: {
    band: "bg-brand-soft text-ink",
    eyebrow: "text-on-brand-soft",
    subtitle: "text-ink-soft",
    problem: "border-brand/20 bg-surface text-ink",
  },
};

/** The top of every page but home: the page's only h1. */
export function PageHeader({
  title,
  subtitle,
  eyebrow,
  tone = "paper",
  problems,
  children,
}: PageHeaderProps) {
  const style = tones[tone];
  return (
    <section className={`relative isolate overflow-hidden ${style.band}`}>
      {tone === "ink" ? <ContourArt className="text-accent-on-inverse/25" /> : null}
      {tone === "protea" ? <ContourArt className="text-brand/15" /> : null}
      <div className="page-container relative py-14 sm:py-20">
        {eyebrow ? <p className={`eyebrow ${style.eyebrow}`}>{eyebrow}</p> : null}
        <h1 className="mt-3 max-w-4xl text-headline font-extrabold text-balance wrap-anywhere">{title}</h1>
        {tone === "paper" ? (
          <span aria-hidden="true" className="mt-6 block h-1.5 w-20 rounded-full bg-brand" />
        ) : null}
        <p className={`mt-6 max-w-2xl text-lg text-pretty wrap-anywhere sm:text-xl ${style.subtitle}`}>
          {subtitle}
        </p>
        {problems && problems.length > 0 ? (
          <ul className="mt-10 grid gap-3 sm:grid-cols-3">
            {problems.map((problem, index) => (
              <li key={index} className={`rounded-card border p-5 text-base ${style.problem}`}>
                {problem}
              </li>
            ))}
          </ul>
        ) : null}
        {children ? <div className="mt-10 flex flex-wrap gap-4">{children}</div> : null}
      </div>
    </section>
  );
}
