import { useRevalidator } from "react-router";
import {
  inboxFormLabels,
  inboxForms,
  leadStatuses,
  type InboxItem,
  type InboxPage,
} from "../../../shared/inbox";
import { STAFF_API, staffPath, staffPaths } from "../../../shared/staff-paths";
import { Button, ButtonLink } from "../../components/workspace/button";
import { ConfirmButton } from "../../components/workspace/confirm-button";
import { bodyCell, bodyRow, DataTable, headCell } from "../../components/workspace/data-table";
import { EmptyState } from "../../components/workspace/empty-state";
import { SelectField, TextField } from "../../components/workspace/fields";
import { PageHeader } from "../../components/workspace/page-header";
import { StatusBadge } from "../../components/workspace/status-badge";
import { toast } from "../../components/workspace/toasts";
import { formatWhen } from "../../components/workspace/when";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { Route } from "./+types/leads";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Leads");
export const handle = workspaceHandle;

/** The filters the page's address carries, passed to the API as they are. */
const filterNames = ["form", "status", "since", "until", "q", "suspected", "page"] as const;
type Filters = Partial<Record<(typeof filterNames)[number], string>>;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const filters: Filters = {};
  const query = new URLSearchParams();
  for (const name of filterNames) {
    const value = url.searchParams.get(name)?.trim();
    if (!value) continue;
    filters[name] = value;
    query.set(name, value);
  }
  const inbox = await workspaceFetch<InboxPage>(`/inbox${query.size > 0 ? `?${query}` : ""}`);
  return { inbox, filters };
}
clientLoader.hydrate = true as const;

const description = "Leads and appointment requests, unread first, then newest.";

export function HydrateFallback() {
  return <PageHeader title="Leads" description={description} />;
}

const formOptions = [
  { value: "", label: "All forms" },
  ...inboxForms.map((form) => ({ value: form, label: inboxFormLabels[form] })),
];
const statusOptions = [
  { value: "", label: "Any status" },
  ...leadStatuses.map((status) => ({ value: status, label: status })),
];

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const { inbox, filters } = loaderData;
  const filtered = filterNames.some((name) => name !== "page" && filters[name]);
  return (
    <>
      <PageHeader title="Leads" description={description} actions={<ExportLinks />} />
      <FilterForm filters={filters} />
      {inbox.items.length === 0 ? (
        <EmptyState
          title={filtered ? "No leads match these filters." : "No leads yet."}
          action={filtered ? <ButtonLink href={staffPaths.leads}>Clear filters</ButtonLink> : undefined}
        />
      ) : (
        <InboxTable items={inbox.items} suspected={filters.suspected === "1"} />
      )}
      <Pager inbox={inbox} filters={filters} />
      {filters.suspected === "1" ? <PurgeSuspected form={filters.form} count={inbox.total} /> : null}
    </>
  );
}

function ExportLinks() {
  // Plain links: the browser downloads the attachment with the session's cookie.
  const link = (kind: string, label: string) => (
    <ButtonLink href={`${STAFF_API}/export/${kind}.csv`} download>
      {label}
    </ButtonLink>
  );
  return (
    <>
      {link("leads", "Export CSV: leads")}
      {link("appointments", "Export CSV: appointments")}
      {link("subscribers", "Export CSV: subscribers")}
    </>
  );
}

/** A plain GET form: the filters live in the address, so a filtered list can be reloaded or shared. */
function FilterForm({ filters }: { filters: Filters }) {
  return (
    <form
      method="get"
      action={staffPaths.leads}
      role="search"
      aria-label="Filter leads"
      className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField
        label="Search"
        name="q"
        type="search"
        defaultValue={filters.q ?? ""}
        required={false}
        description="Name, company or e-mail address"
      />
      <SelectField label="Form" name="form" options={formOptions} defaultValue={filters.form ?? ""} />
      <SelectField label="Status" name="status" options={statusOptions} defaultValue={filters.status ?? ""} />
      <TextField
        label="Received from"
        name="since"
        type="date"
        defaultValue={filters.since ?? ""}
        required={false}
      />
      <TextField
        label="Received until"
        name="until"
        type="date"
        defaultValue={filters.until ?? ""}
        required={false}
      />
      <div className="flex items-end gap-3">
        <label className="flex min-h-11 items-center gap-2 text-ink">
          <input
            type="checkbox"
            name="suspected"
            value="1"
            defaultChecked={filters.suspected === "1"}
            className="size-5 accent-brand"
          />
          Suspected spam only
        </label>
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <ButtonLink href={staffPaths.leads}>Clear</ButtonLink>
      </div>
    </form>
  );
}

function InboxTable({ items, suspected }: { items: InboxItem[]; suspected: boolean }) {
  return (
    <DataTable caption={suspected ? "Suspected spam, newest first" : "Leads, unread first then newest"}>
      <thead>
        <tr>
          <th scope="col" className={headCell}>
            Name
          </th>
          <th scope="col" className={headCell}>
            Form
          </th>
          <th scope="col" className={headCell}>
            Company
          </th>
          <th scope="col" className={headCell}>
            E-mail
          </th>
          <th scope="col" className={headCell}>
            Received
          </th>
          <th scope="col" className={headCell}>
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className={bodyRow} data-unread={item.read ? undefined : "true"}>
            <td className={bodyCell}>
              <a
                href={staffPath(staffPaths.lead, { id: item.id })}
                className={`text-brand underline-offset-4 hover:underline ${item.read ? "" : "font-bold"}`}
              >
                {item.name}
              </a>{" "}
              {item.read ? null : <StatusBadge tone="brand">Unread</StatusBadge>}
            </td>
            <td className={`${bodyCell} whitespace-nowrap`}>{inboxFormLabels[item.form]}</td>
            <td className={bodyCell}>{item.company ?? ""}</td>
            <td className={`${bodyCell} break-all`}>{item.email}</td>
            <td className={`${bodyCell} whitespace-nowrap`}>{formatWhen(item.receivedAt)}</td>
            <td className={bodyCell}>
              {item.suspected ? (
                <StatusBadge tone="warning">Suspected spam</StatusBadge>
              ) : (
                <StatusBadge tone={item.status === "new" ? "info" : "neutral"}>{item.status}</StatusBadge>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function Pager({ inbox, filters }: { inbox: InboxPage; filters: Filters }) {
  const pages = Math.max(1, Math.ceil(inbox.total / inbox.pageSize));
  const href = (page: number) => {
    const query = new URLSearchParams(filters as Record<string, string>);
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

function PurgeSuspected({ form, count }: { form?: string; count: number }) {
  const revalidator = useRevalidator();
  const which = form && form in inboxFormLabels ? inboxFormLabels[form as keyof typeof inboxFormLabels] : "";
  async function purge() {
    try {
      const { deleted } = await workspaceFetch<{ deleted: number }>("/inbox/purge", {
        body: { json: form ? { form } : {} },
      });
      toast({
        variant: "success",
        title: deleted === 1 ? "1 submission deleted" : `${deleted} submissions deleted`,
      });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: "Could not purge suspected spam",
        description:
          error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.",
      });
    }
  }
  if (count === 0) return null;
  return (
    <section aria-labelledby="purge-title" className="mt-10 space-y-3">
      <h2 id="purge-title" className="text-2xl font-bold text-ink">
        Purge suspected spam
      </h2>
      <p className="text-ink-soft">
        Deletes every submission held back as suspected spam{which ? ` from the ${which} form` : ""}. Release
        a real one first.
      </p>
      <ConfirmButton
        label="Purge suspected spam"
        title="Delete all suspected spam?"
        confirmLabel="Delete them"
        onConfirm={purge}
      >
        {count === 1 ? "1 submission" : `${count} submissions`} held back as suspected spam
        {which ? ` from the ${which} form` : ""} will be deleted. This cannot be undone.
      </ConfirmButton>
    </section>
  );
}
