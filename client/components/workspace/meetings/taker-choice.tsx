/**
 * Meetings' "Everyone's" and "Mine": links, so the choice is in the address (reloaded,
 * bookmarked, shared) and works before the page's script runs.
 */
export function TakerChoice({ choices }: { choices: { label: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label="Whose meetings" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.label}>
            <a
              href={choice.href}
              aria-current={choice.current ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-control border border-line-strong px-4 py-2 font-medium text-ink hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft aria-[current=page]:text-on-brand-soft"
            >
              {choice.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
