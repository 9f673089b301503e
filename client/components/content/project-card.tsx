import { ExternalLink } from "lucide-react";
import type { Project } from "#shared/content-types.ts";
import { ContentImage } from "#client/components/ui/content-image.tsx";

/** requirements §2: image, title, description, tags, client and 'View Details'. */
export function ProjectCard({ project, eager }: { project: Project; eager: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line">
      <ContentImage
        image={project.image}
        alt={project.image_alt}
        priority={eager ? "eager" : "lazy"}
        className="aspect-[8/5] w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-semibold text-ink">{project.title}</h3>
        <p className="mt-2 flex-1 text-ink-soft">{project.description}</p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Technologies">
          {project.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-on-brand-soft"
            >
              {tag}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink-soft">Client: {project.client}</p>
        {project.details_link ? (
          <a
            href={project.details_link}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-secondary mt-6"
          >
            View Details
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only"> of {project.title} (opens in a new tab)</span>
          </a>
        ) : (
          // requirements §2: with no details link the button does nothing; aria-disabled says so
          // while keeping it focusable and readable.
          <button type="button" className="btn-secondary mt-6" aria-disabled="true">
            View Details<span className="sr-only"> of {project.title} (not available yet)</span>
          </button>
        )}
      </div>
    </article>
  );
}
