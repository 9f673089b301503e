export type CallToActionProps = { id: string; title: string; text: string; linkLabel: string; to: string };

/** The closing band of a page: one question, one button. */
export function CallToAction({ id, title, text, linkLabel, to }: CallToActionProps) {
  return (
    <section aria-labelledby={id} className="bg-brand-dark text-white">
      <div className="page-container section text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">{text}</p>
        <a href={to} className="btn-on-dark mt-8">
          {linkLabel}
        </a>
      </div>
    </section>
  );
}
