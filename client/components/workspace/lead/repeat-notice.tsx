/**
 * A lead sent again (docs/decisions/067-one-lead-per-form.md): a repeat says which enquiry
 * it repeats and links to it; a first lists its repeats. Nothing when it is neither.
 */
import type { RepeatInfo } from "#shared/inbox.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { formatWhen } from "#client/components/workspace/when.ts";

const linkClass = "text-brand underline underline-offset-4";

export function RepeatNotice({ repeat, name }: { repeat: RepeatInfo; name: string }) {
  if (repeat.first) {
    return (
      <p role="note" className="rounded-control border border-line bg-muted p-4 text-ink">
        <strong>Repeat.</strong> {name} sent this again after an earlier enquiry, which is counted instead of
        this one:{" "}
        <a href={staffPath(staffPaths.lead, { id: repeat.first.id })} className={linkClass}>
          the first, received{" "}
          <time dateTime={repeat.first.createdAt}>{formatWhen(repeat.first.createdAt)}</time>
        </a>
        .
      </p>
    );
  }
  if (repeat.repeats.length === 0) return null;
  return (
    <div role="note" className="rounded-control border border-line bg-muted p-4 text-ink">
      <p>
        <strong>Sent again.</strong> {name} sent{" "}
        {repeat.repeats.length === 1 ? "one repeat" : `${repeat.repeats.length} repeats`} of this enquiry;
        this one is the one counted.
      </p>
      <ul className="mt-2 space-y-1">
        {repeat.repeats.map((entry) => (
          <li key={entry.id}>
            <a
              href={staffPath(staffPaths.lead, { id: entry.id })}
              className={`${linkClass} inline-flex min-h-11 items-center`}
            >
              Repeat received <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
