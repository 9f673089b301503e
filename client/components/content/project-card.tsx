import { ExternalLink } from "lucide-react";
import type { Project } from "../../../shared/content-types";
import { ContentImage } from "../ui/content-image";

/** SPEC §2: image, title, description, tags, client and 'View Details'. */
export function ProjectCard({ project, eager }: { project: Project; eager: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ContentImage
        image={project.image}
        alt={project.image_alt}
        priority={eager ? "eager" : "lazy"}
        className="aspect-[8/5] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-semibold text-slate-900">{project.title}</h3>
        <p className="mt-2 flex-1 text-slate-700">{project.description}</p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Technologies">
          {project.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-blue-900">
              {tag}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-700">Client: {project.client}</p>
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
          // SPEC §2: with no details link the button does nothing; aria-disabled says so
          // while keeping it focusable and readable.
          <button type="button" className="btn-secondary mt-6" aria-disabled="true">
            View Details<span className="sr-only"> of {project.title} (not available yet)</span>
          </button>
        )}
      </div>
    </article>
  );
}
