/** Everything else the same address sent: leads, appointment requests, a newsletter subscription. */
import type { SamePersonEntry } from "#shared/inbox.ts";
import { leadKind, leadReference } from "#shared/lead-names.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

// By its form, as the person's own page is named; the reference only beside its date.
const kindLabel = (entry: SamePersonEntry) =>
  entry.kind === "subscription" ? "Newsletter subscription" : leadKind(entry.kind);

export function SamePerson({ entries, email }: { entries: SamePersonEntry[]; email: string }) {
  return (
    <TitledSection id="same-person" title="Also from this address" className="space-y-3">
      {entries.length === 0 ? (
        <p className="text-ink-soft">Nothing else has come from {email}.</p>
      ) : (
        <ul className="space-y-2">
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`} className="rounded-control border border-line p-3">
              <p className="text-ink">
                {entry.kind === "subscription" ? (
                  kindLabel(entry)
                ) : (
                  <a
                    href={staffPath(staffPaths.lead, { id: entry.id })}
                    className="text-brand underline underline-offset-4"
                  >
                    {kindLabel(entry)}
                  </a>
                )}{" "}
                <StatusBadge>{entry.status}</StatusBadge>
              </p>
              <p className="text-ink-soft">
                <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
                {entry.kind === "subscription" ? null : <> · {leadReference(entry.id)}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
