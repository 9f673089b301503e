import { ArrowRight } from "lucide-react";
import { ContourArt } from "#client/components/ui/contour-art.tsx";

export type CallToActionProps = { id: string; title: string; text: string; linkLabel: string; to: string };

/** The closing band of a page: one question, one button, on the dark band with the kloof's lines. */
export function CallToAction({ id, title, text, linkLabel, to }: CallToActionProps) {
  return (
    <section aria-labelledby={id} className="relative isolate overflow-hidden bg-inverse text-on-inverse">
      <ContourArt className="text-accent-on-inverse/20" />
      <div className="page-container section relative">
        <h2 id={id} className="max-w-3xl text-headline font-extrabold text-balance">
          {title}
        </h2>
        <p className="mt-5 max-w-2xl text-lg text-on-inverse-soft">{text}</p>
        <a href={to} className="btn-on-inverse group mt-10">
          {linkLabel}
          <ArrowRight
            aria-hidden="true"
            className="size-5 transition-transform duration-(--duration-quick) group-hover:translate-x-1"
          />
        </a>
      </div>
    </section>
  );
}
