import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";

export type WideTableProps = {
  /** Names the scroll region for screen readers, e.g. "Website types table". */
  label: string;
  /** Shown only while the table is wider than its box, e.g. on a 320 px phone. */
  hint: string;
  className?: string;
  /** A table with a min-w-xl (36rem) class: below that the box scrolls sideways. */
  children: ReactNode;
};

/**
 * A table too wide for a small phone scrolls sideways in its own box instead of being
 * clipped. The box is a named region in the tab order, so keyboard users can scroll it
 * with the arrow keys (WCAG 2.1.1); its edge shadows and the hint say there is more.
 */
export function WideTable({ label, hint, className = "", children }: WideTableProps) {
  return (
    <div className={`@container ${className}`}>
      <p className="mb-2 flex items-center gap-1.5 text-sm text-ink-soft @xl:hidden">
        {hint} <ArrowRight aria-hidden="true" className="size-4" />
      </p>
      <div
        role="region"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be focusable to scroll by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        className="scroll-shadows-x overflow-x-auto rounded-card shadow-card ring-1 ring-line"
      >
        {children}
      </div>
    </div>
  );
}
