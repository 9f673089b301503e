import type { Step } from "../../../shared/page-copy";

/** An ordered, numbered process; the numbers are the list's own, so screen readers hear them once. */
export function ProcessSteps({ steps }: { steps: readonly Step[] }) {
  const columns =
    steps.length % 3 === 0 ? "lg:grid-cols-3" : steps.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-5";
  return (
    <ol className={`mt-10 grid gap-6 md:grid-cols-2 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-2 text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
