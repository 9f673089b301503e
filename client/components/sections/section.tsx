import type { ReactNode } from "react";

export type SectionProps = {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: "white" | "muted";
  children?: ReactNode;
};

/** A page section labelled by its h2, so landmarks and headings stay in step. */
export function Section({ id, title, intro, tone = "white", children }: SectionProps) {
  return (
    <section aria-labelledby={id} className={`section ${tone === "muted" ? "bg-muted" : "bg-canvas"}`}>
      <div className="page-container">
        <h2 id={id} className="section-title text-center">
          {title}
        </h2>
        {intro ? <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-ink-soft">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
