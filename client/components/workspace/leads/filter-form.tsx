/** The inbox's filters: a plain GET form, so a filtered list can be reloaded or shared. */
import { inboxFormLabels, inboxForms, leadStatuses, type AssignableStaff } from "#shared/inbox.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { Button, ButtonLink } from "#client/components/workspace/button.tsx";
import { SelectField, TextField } from "#client/components/workspace/fields.tsx";
import { FilterFold, filterField } from "#client/components/workspace/filter-fold.tsx";

/** The filters the page's address carries, passed to the API as they are. */
export const filterNames = [
  "form",
  "status",
  "owner",
  "since",
  "until",
  "q",
  "unread",
  "overdue",
  "suspected",
  "page",
] as const;
export type Filters = Partial<Record<(typeof filterNames)[number], string>>;

const formOptions = [
  { value: "", label: "All forms" },
  ...inboxForms.map((form) => ({ value: form, label: inboxFormLabels[form] })),
];
const statusOptions = [
  { value: "", label: "Any status" },
  ...leadStatuses.map((status) => ({ value: status, label: status })),
];

/** Anyone's, the signed-in member's, nobody's, or one member's (by account number). */
const ownerFilterOptions = (owners: readonly AssignableStaff[]) => [
  { value: "", label: "Anyone" },
  { value: "mine", label: "Mine" },
  { value: "none", label: "Unassigned" },
  ...owners.map((owner) => ({ value: String(owner.id), label: owner.email })),
];

/** The received-date range: from that day, until that day. */
const dateFilters = [
  { name: "since", label: "Received from" },
  { name: "until", label: "Received until" },
] as const;

/** Yes-or-no filters: the overview links to the first two. */
const checkFilters = [
  { name: "unread", label: "Unread only" },
  { name: "overdue", label: "Overdue for follow-up" },
  { name: "suspected", label: "Suspected spam only" },
] as const;

export function FilterForm({ filters, owners }: { filters: Filters; owners: readonly AssignableStaff[] }) {
  const active = filterNames.filter((name) => name !== "page" && filters[name]).length;
  return (
    <FilterFold
      active={active}
      action={staffPaths.leads}
      label="Filter leads"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField
        label="Search"
        {...filterField(filters, "q")}
        type="search"
        required={false}
        description="Name, company or e-mail address"
      />
      <SelectField label="Form" {...filterField(filters, "form")} options={formOptions} />
      <SelectField label="Status" {...filterField(filters, "status")} options={statusOptions} />
      <SelectField label="Owner" {...filterField(filters, "owner")} options={ownerFilterOptions(owners)} />
      {dateFilters.map(({ name, label }) => (
        <TextField key={name} label={label} {...filterField(filters, name)} type="date" required={false} />
      ))}
      <div className="flex flex-wrap items-end gap-x-5">
        {checkFilters.map(({ name, label }) => (
          <label key={name} className="flex min-h-11 items-center gap-2 text-ink">
            <input
              type="checkbox"
              name={name}
              value="1"
              defaultChecked={filters[name] === "1"}
              className="size-5 accent-brand"
            />
            {label}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <ButtonLink href={staffPaths.leads}>Clear</ButtonLink>
      </div>
    </FilterFold>
  );
}
