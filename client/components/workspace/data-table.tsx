import type { ReactNode } from "react";

/**
 * A table of records: a caption names it (visually hidden unless `showCaption`), the box
 * scrolls sideways on a narrow screen and is then focusable so the keyboard can scroll it.
 * `columns` are its column headings (one read only by screen readers, such as "Actions" over
 * a row's buttons, is `{ hidden: "Actions" }`); write the <tbody> with the exported classes.
 *
 *   <DataTable caption="Staff accounts" columns={["E-mail", { hidden: "Actions" }]}>
 *     <tbody><tr className={bodyRow}><td className={bodyCell}>a@b.co.za</td>…</tr></tbody>
 *   </DataTable>
 */
export type Column = string | { hidden: string };

export const headCell = "px-4 py-3 text-left text-sm font-semibold whitespace-nowrap text-ink";
export const bodyCell = "px-4 py-3 align-top text-ink";
export const bodyRow = "border-t border-line";

export function DataTable({
  caption,
  columns,
  showCaption = false,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  showCaption?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="scroll-shadows-x relative overflow-x-auto rounded-card ring-1 ring-line"
    >
      <table className="w-full min-w-xl border-collapse text-base">
        <caption className={showCaption ? "p-4 text-left font-semibold text-ink" : "sr-only"}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={typeof column === "string" ? column : column.hidden} scope="col" className={headCell}>
                {typeof column === "string" ? column : <span className="sr-only">{column.hidden}</span>}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
