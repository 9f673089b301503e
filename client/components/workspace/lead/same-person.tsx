/** Everything else the same address sent: leads, appointment requests, a newsletter subscription. */
import { inboxFormLabels, type SamePersonEntry } from "#shared/inbox.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

const kindLabel = (entry: SamePersonEntry) =>
  entry.kind === "subscription" ? "Newsletter subscription" : `${inboxFormLabels[entry.kind]} ${entry.id}`;

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
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
