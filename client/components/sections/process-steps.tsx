import type { Step } from "#shared/page-copy.ts";

/** An ordered, numbered process; the numbers are the list's own, so screen readers hear them once. */
export function ProcessSteps({ steps }: { steps: readonly Step[] }) {
  const columns =
    steps.length % 3 === 0 ? "lg:grid-cols-3" : steps.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-5";
  return (
    <ol className={`mt-10 grid gap-6 md:grid-cols-2 ${columns}`}>
      {steps.map((step, index) => (
        <li key={index} className="relative border-t-2 border-brand pt-5">
          <span aria-hidden="true" className="text-4xl font-extrabold tracking-tight text-brand">
            {String(index + 1).padStart(2, "0")}
          </span>
          <h3 className="mt-3 text-lg font-bold tracking-tight text-ink">{step.title}</h3>
          <p className="mt-2 text-ink-soft">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
