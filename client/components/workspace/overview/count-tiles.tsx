/** The overview's counts: each a link to the list of exactly those. */

export type CountTile = {
  count: number;
  /** What is counted, read after the number: "new leads", "unread". */
  label: string;
  /** One short line under it, on what the number means. */
  hint?: string;
  href: string;
};

export function CountTiles({ label, tiles }: { label: string; tiles: readonly CountTile[] }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {tiles.map((tile) => (
        <li key={tile.label}>
          <a
            href={tile.href}
            className={`block h-full rounded-card border bg-surface p-4 hover:border-brand ${
              tile.count > 0 ? "border-line-strong" : "border-line"
            }`}
          >
            <span className="block text-3xl font-extrabold text-ink tabular-nums">{tile.count}</span>
            <span className="mt-1 block font-semibold break-words text-ink">{tile.label}</span>
            {tile.hint ? <span className="mt-1 block text-sm text-ink-soft">{tile.hint}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
