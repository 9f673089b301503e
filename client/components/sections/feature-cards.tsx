import type { Feature } from "#shared/page-copy.ts";

const columnClasses = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
} as const;

/** A grid of titled cards; titles are h3 under the section's h2. */
export function FeatureCards({
  items,
  columns = 3,
}: {
  items: readonly Feature[];
  columns?: keyof typeof columnClasses;
}) {
  return (
    <ul className={`mt-10 grid gap-6 ${columnClasses[columns]}`}>
      {items.map(({ icon: Icon, title, text }, index) => (
        <li key={index} className="card p-7">
          {Icon ? (
            <span className="inline-flex size-12 items-center justify-center rounded-card bg-brand-soft text-brand">
              <Icon aria-hidden="true" className="size-6" />
            </span>
          ) : null}
          <h3 className="mt-5 text-xl font-bold tracking-tight text-ink">{title}</h3>
          <p className="mt-2 text-ink-soft">{text}</p>
        </li>
      ))}
    </ul>
  );
}
