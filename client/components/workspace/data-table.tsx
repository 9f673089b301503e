import type { ReactNode } from "react";
import { RowActions } from "./row-actions";

/**
 * A list of records: a table from 640 px wide, and below that each row a card, from the
 * same markup (CSS alone folds it, so the table's semantics stay for screen readers).
 * Each column says where its cell goes on the card, so a column added later shows on
 * cards as well:
 *
 * - `title`: the record's name, first on the card (its link);
 * - `status`: its state, a badge on its own line;
 * - `meta`: a further fact, one line each, under its column's heading;
 * - `actions`: the row's buttons, on the card in a menu "Actions for <rowName>" (a cell
 *   answering null has none);
 * - `action`: a row's one button, on the card as it is (a menu for one would only hide it).
 *
 * A caption names the table (visually hidden unless `showCaption`); a table wider than
 * its box scrolls sideways in it, and the box is then focusable so the keyboard can
 * scroll it. A column read only by screen readers in the table (such as "Actions") has
 * `hideHeader`.
 *
 *   <DataTable caption="Staff accounts" rows={users} rowKey={(u) => u.id} rowName={(u) => u.email}
 *     columns={[{ header: "E-mail address", card: "title", cell: (u) => u.email }, …]} />
 */
export type CardPlace = "title" | "status" | "meta" | "actions" | "action";

export type TableColumn<Row> = {
  header: string;
  card: CardPlace;
  cell: (row: Row) => ReactNode;
  hideHeader?: boolean;
  /** Classes for the table layout's cell, such as "whitespace-nowrap". */
  className?: string;
};

/** The column of a row's one button: at the row's right, its heading for screen readers only. */
export const actionColumn = <Row,>(cell: (row: Row) => ReactNode): TableColumn<Row> => ({
  header: "Actions",
  hideHeader: true,
  card: "action",
  className: "text-right",
  cell,
});

const headCell = "px-4 py-3 text-left text-sm font-semibold whitespace-nowrap text-ink";
const bodyCell = "px-4 py-3 align-top text-ink max-sm:p-0";

// Below 640 px a row is a card: the title and the actions' menu on the first line, the
// status under them, then each fact on its own line. Long unbroken words wrap there.
const cardPlaces: Record<CardPlace, string> = {
  title: "max-sm:order-first max-sm:min-w-0 max-sm:flex-1 max-sm:self-center max-sm:wrap-anywhere",
  actions: "max-sm:-order-1",
  action: "max-sm:-order-1",
  status: "max-sm:w-full",
  meta: "max-sm:order-1 max-sm:w-full max-sm:text-sm max-sm:wrap-anywhere",
};

const isEmpty = (content: ReactNode) =>
  content === null || content === undefined || content === "" || content === false;

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowName,
  rowAttributes,
  showCaption = false,
}: {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** How the row's actions menu names its record on a card ("Actions for …"). */
  rowName: (row: Row) => string;
  /** data-* attributes of a row, e.g. to mark it unread. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string | undefined>;
  showCaption?: boolean;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="relative rounded-card sm:scroll-shadows-x sm:overflow-x-auto sm:ring-1 sm:ring-line"
    >
      <table className="w-full border-collapse text-base max-sm:block sm:min-w-xl sm:wrap-normal">
        <caption className={showCaption ? "p-4 text-left font-semibold text-ink max-sm:block" : "sr-only"}>
          {caption}
        </caption>
        <thead className="max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={headCell}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:grid max-sm:gap-3">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}

              {...rowAttributes?.(row)}
              className="border-t border-line max-sm:flex max-sm:flex-wrap max-sm:items-start max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:rounded-card max-sm:border max-sm:bg-surface max-sm:p-4"
            >
              {columns.map((column) => (
                <td
                  key={column.header}

                  className={`${bodyCell} ${cardPlaces[column.card]} ${column.className ?? ""} max-sm:empty:hidden`}
                >
                  <Cell column={column} row={row} rowName={rowName} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell<Row>({
  column,
  row,
  rowName,
}: {
  column: TableColumn<Row>;
  row: Row;
  rowName: (row: Row) => string;
}) {
  const content = column.cell(row);
  if (isEmpty(content)) return null;
  if (column.card === "actions") return <RowActions name={rowName(row)}>{content}</RowActions>;
  if (column.card !== "meta") return content;
  return (
    <>
      {/* The card's label for the fact; in the table, and for screen readers, the column's heading says it. */}
      <span aria-hidden="true" className="font-semibold text-ink-soft sm:hidden">
        {column.header}:{" "}
      </span>
      {content}
    </>
  );
}
