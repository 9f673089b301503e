import type { ReactNode } from "react";

export type SectionProps = {
  id: string;
  title: string;
  intro?: ReactNode;
  /** The band's background; `plain` leaves the page's own. */
  tone?: "white" | "muted" | "plain";
  /** The section's classes in place of the tone's band, for a band of its own look. */
  className?: string;
  /** Classes added to the page container, for content narrower or laid out differently. */
  containerClassName?: string;
  /** The heading's classes: a centred section title unless the page sets its own look or hides it. */
  titleClassName?: string;
  children?: ReactNode;
};

/** A page section labelled by its h2, so landmarks and headings stay in step. */
export function Section({
  id,
  title,
  intro,
  tone = "white",
  className = tone === "plain" ? "section" : `section ${tone === "muted" ? "bg-muted" : "bg-canvas"}`,
  containerClassName,
  titleClassName = "section-title text-center",
  children,
}: SectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={containerClassName ? `page-container ${containerClassName}` : "page-container"}>
        <h2 id={id} className={titleClassName}>
          {title}
        </h2>
        {intro ? <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-ink-soft">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
