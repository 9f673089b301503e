import type { ReactNode } from "react";

export type PageHeaderProps = {
  title: string;
  subtitle: string;
  /** SPEC §2: service pages list three problem statements under the title. */
  problems?: readonly string[];
  children?: ReactNode;
};

/** The hero at the top of every page: the page's only h1. */
export function PageHeader({ title, subtitle, problems, children }: PageHeaderProps) {
  return (
    <section className="bg-gradient-to-br from-blue-800 via-blue-700 to-indigo-700 text-white">
      <div className="page-container py-16 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-6 max-w-2xl text-lg text-blue-50 sm:text-xl">{subtitle}</p>
        {problems && problems.length > 0 ? (
          <ul className="mt-8 grid gap-3 sm:grid-cols-3">
            {problems.map((problem) => (
              <li key={problem} className="rounded-lg bg-white/10 p-4 text-base text-white">
                {problem}
              </li>
            ))}
          </ul>
        ) : null}
        {children ? <div className="mt-10 flex flex-wrap gap-4">{children}</div> : null}
      </div>
    </section>
  );
}
