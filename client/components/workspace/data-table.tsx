import type { ReactNode } from "react";

/**
 * A table of records: a caption names it (visually hidden unless `showCaption`), the box
 * scrolls sideways on a narrow screen and is then focusable so the keyboard can scroll it.
 * Write the <thead>/<tbody> yourself with the exported cell classes.
 *
 *   <DataTable caption="Staff accounts">
 *     <thead><tr><th scope="col" className={headCell}>E-mail</th></tr></thead>
 *     <tbody><tr className={bodyRow}><td className={bodyCell}>a@b.co.za</td></tr></tbody>
 *   </DataTable>
 */
export const headCell = "px-4 py-3 text-left text-sm font-semibold whitespace-nowrap text-ink";
export const bodyCell = "px-4 py-3 align-top text-ink";
export const bodyRow = "border-t border-line";

export function DataTable({
  caption,
  showCaption = false,
  children,
}: {
  caption: string;
  showCaption?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="scroll-shadows-x overflow-x-auto rounded-card ring-1 ring-line"
    >
      <table className="w-full min-w-xl border-collapse text-base">
        <caption className={showCaption ? "p-4 text-left font-semibold text-ink" : "sr-only"}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
