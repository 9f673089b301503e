import { ArrowRight } from "lucide-react";
import { paths } from "#shared/paths.ts";
import { ContourArt } from "#client/components/ui/contour-art.tsx";
import { HeroArt } from "./hero-art";

/** requirements §2 home hero: the headline, the promise, 'See Our Projects' and 'Get In Touch'. */
export function HomeHero({ title, subtitle, eyebrow }: { title: string; subtitle: string; eyebrow: string }) {
  return (
    <section className="relative isolate overflow-hidden bg-inverse text-on-inverse">
      <ContourArt className="text-accent-on-inverse/15" />
      <div className="page-container grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        {/* min-w-0 and wrap-anywhere: a long unbroken word in the copy wraps inside the
            column instead of widening it past the screen and pushing the buttons out. */}
        <div className="min-w-0 wrap-anywhere">
          <p className="eyebrow text-accent-on-inverse">{eyebrow}</p>
          <h1 className="mt-4 text-display font-extrabold text-balance">{title}</h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-on-inverse-soft sm:text-xl">{subtitle}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <a href={paths.projects} className="btn-on-inverse group">
              See Our Projects
              <ArrowRight
                aria-hidden="true"
                className="size-5 transition-transform duration-(--duration-quick) group-hover:translate-x-1"
              />
            </a>
            <a href={paths.contact} className="btn-outline-on-inverse">
              Get In Touch
            </a>
          </div>
        </div>
        <div className="flex justify-center lg:justify-end">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}
