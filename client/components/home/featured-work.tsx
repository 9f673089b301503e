import { ArrowRight } from "lucide-react";
import type { Project } from "#shared/content-types.ts";
import type { PageCopy } from "#shared/copy/copy-pages.ts";
import { paths } from "#shared/paths.ts";
import { ContentImage } from "#client/components/ui/content-image.tsx";

/** A few recent projects, large, with what they were built with: the work speaks first. */
export function FeaturedWork({
  projects,
  copy,
}: {
  projects: readonly Project[];
  copy: PageCopy<"home">["featuredWork"];
}) {
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="featured-work" className="section bg-canvas">
      <div className="page-container">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div>
            <p className="eyebrow">{copy.eyebrow}</p>
            <h2 id="featured-work" className="section-title mt-3">
              {copy.title}
            </h2>
          </div>
          <a
            href={paths.projects}
            className="group inline-flex min-h-11 items-center gap-2 font-semibold text-brand"
          >
            {copy.allLink}
            <ArrowRight
              aria-hidden="true"
              className="size-5 transition-transform duration-(--duration-quick) group-hover:translate-x-1"
            />
          </a>
        </div>
        <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {projects.map((project, index) => (
            <li key={project.id} className={index === 0 ? "md:col-span-2 lg:col-span-1 lg:row-span-2" : ""}>
              <article className="group card flex h-full flex-col overflow-hidden">
                <ContentImage
                  image={project.image}
                  alt={project.image_alt}
                  sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
                  className="aspect-[8/5] w-full bg-muted object-cover transition-transform duration-(--duration-calm) ease-(--ease-out-soft) group-hover:scale-[1.03]"
                />
                <div className="flex flex-1 flex-col p-6">
                  <p className="text-sm font-semibold text-ink-soft">{project.client}</p>
                  <h3 className="mt-1 text-xl font-bold text-ink">{project.title}</h3>
                  <p className="mt-3 line-clamp-3 text-ink-soft">{project.description}</p>
                  <p className="mt-auto pt-4 text-sm font-medium text-on-brand-soft">
                    {project.tags.join(" · ")}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
