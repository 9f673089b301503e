import type { CopyIconSet } from "#shared/copy/copy-icons.ts";
import type { Feature } from "#shared/page-copy.ts";
import { CopyIcon } from "#client/components/ui/copy-icon.tsx";

const columnClasses = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
} as const;

/** A grid of titled cards; titles are h3 under the section's h2, icons drawn from the page's `icons`. */
export function FeatureCards({
  items,
  icons,
  columns = 3,
}: {
  items: readonly Feature[];
  icons: CopyIconSet;
  columns?: keyof typeof columnClasses;
}) {
  return (
    <ul className={`mt-10 grid gap-6 ${columnClasses[columns]}`}>
      {items.map(({ icon, title, text }, index) => (
        <li key={index} className="card p-7">
          {icon ? (
            <span className="inline-flex size-12 items-center justify-center rounded-card bg-brand-soft text-brand">
              <CopyIcon name={icon} icons={icons} className="size-6" />
            </span>
          ) : null}
          <h3 className="mt-5 text-xl font-bold tracking-tight text-ink">{title}</h3>
          <p className="mt-2 text-ink-soft">{text}</p>
        </li>
      ))}
    </ul>
  );
}
