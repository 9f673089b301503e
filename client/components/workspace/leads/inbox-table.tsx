/** The inbox's rows, unread ones marked, and its pages. */
import { inboxFormLabels, type InboxItem, type InboxPage } from "#shared/inbox.ts";
import { nameLead } from "#shared/lead-names.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import type { Filters } from "./filter-form";
import { EmailAddress } from "#client/components/workspace/break-points.tsx";
import { disabledNote } from "#client/components/workspace/lead/owner-form.tsx";

const columns: readonly TableColumn<InboxItem>[] = [
  {
    header: "Name",
    card: "title",
    cell: (item) => (
      <>
        <a
          href={staffPath(staffPaths.lead, { id: item.id })}
          // Named by person and form, as the page it opens; the visible name begins it.
          aria-label={nameLead(item.name, item.form)}
          className={`inline-flex min-h-11 items-center text-brand underline-offset-4 hover:underline ${item.read ? "" : "font-bold"}`}
        >
          {item.name}
        </a>{" "}
        {item.read ? null : <StatusBadge tone="brand">Unread</StatusBadge>}{" "}
        {item.repeatOf ? <RepeatBadge /> : null}
      </>
    ),
  },
  {
    header: "Form",
    card: "meta",
    className: "whitespace-nowrap",
    cell: (item) => inboxFormLabels[item.form],
  },
  { header: "Company", card: "meta", cell: (item) => item.company },
  { header: "E-mail", card: "meta", cell: (item) => <EmailAddress address={item.email} /> },
  {
    header: "Received",
    card: "meta",
    className: "whitespace-nowrap",
    cell: (item) => formatWhen(item.receivedAt),
  },
  {
    header: "Status",
    card: "status",
    cell: (item) =>
      item.suspected ? (
        <StatusBadge tone="warning">Suspected spam</StatusBadge>
      ) : (
        <StatusBadge tone={item.status === "new" ? "info" : "neutral"}>{item.status}</StatusBadge>
      ),
  },
  {
    header: "Owner",
    card: "meta",
    cell: (item) =>
      item.owner ? (
        <>
          <EmailAddress address={item.owner.email} />
          {disabledNote(item.owner)}
        </>
      ) : (
        "Nobody"
      ),
  },
];

/**
 * A repeat of an earlier enquiry, counted once with its first
 * (docs/decisions/067-one-lead-per-form.md); its page links to the first.
 */
function RepeatBadge() {
  return (
    <StatusBadge tone="neutral">
      Repeat<span className="sr-only"> of an earlier enquiry, which is counted instead</span>
    </StatusBadge>
  );
}

/** Which rows are ticked for a bulk change, by inbox id. */
export type Selection = { selected: ReadonlySet<string>; toggle(id: string, on: boolean): void };

/** The tick box of a row, first in the table and beside the name on a card. */
const selectColumn = (selection: Selection): TableColumn<InboxItem> => ({
  header: "Select",
  hideHeader: true,
  card: "action",
  cell: (item) => (
    // The label around the box makes a 44 px square to tap; the box keeps its own name.
    <label className="inline-flex size-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        className="size-5 accent-brand"
        aria-label={`Select ${nameLead(item.name, item.form)}`}
        checked={selection.selected.has(item.id)}
        onChange={(event) => selection.toggle(item.id, event.currentTarget.checked)}
      />
    </label>
  ),
});

export function InboxTable({
  items,
  suspected,
  selection,
}: {
  items: InboxItem[];
  suspected: boolean;
  selection?: Selection;
}) {
  return (
    <DataTable
      caption={suspected ? "Suspected spam, newest first" : "Leads, unread first then newest"}
      columns={selection ? [selectColumn(selection), ...columns] : columns}
      rows={items}
      rowKey={(item) => item.id}
      rowName={(item) => nameLead(item.name, item.form)}
      rowAttributes={(item) => ({ "data-unread": item.read ? undefined : "true" })}
    />
  );
}

export function Pager({ inbox, filters }: { inbox: InboxPage; filters: Filters }) {
  const pages = Math.max(1, Math.ceil(inbox.total / inbox.pageSize));
  const href = (page: number) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
    if (page === 1) query.delete("page");
    else query.set("page", String(page));
    return query.size > 0 ? `${staffPaths.leads}?${query}` : staffPaths.leads;
  };
  return (
    <nav aria-label="Lead pages" className="mt-6 flex flex-wrap items-center gap-3">
      <p className="text-ink-soft">
        {inbox.total === 1 ? "1 lead" : `${inbox.total} leads`}, page {inbox.page} of {pages}
      </p>
      {inbox.page > 1 ? <ButtonLink href={href(inbox.page - 1)}>Previous page</ButtonLink> : null}
      {inbox.page < pages ? <ButtonLink href={href(inbox.page + 1)}>Next page</ButtonLink> : null}
    </nav>
  );
}
