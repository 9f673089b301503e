import type { ReactNode } from "react";

/**
 * A part of a workspace page under its own h2, which names the section for screen readers.
 * The heading's id is `${id}-title`, for a form inside to point at.
 *
 *   <TitledSection id="password" title="Password">…</TitledSection>
 */
export function TitledSection({
  id,
  title,
  className = "space-y-4",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
