import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { projects } from "#data/seed-projects.ts";
import { ProjectCard } from "./project-card";

/** The `alt` of each <img> in the markup, decoded. */
function altTexts(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\balt="([^"]*)"/g)].map(([, alt]) =>
    (alt ?? "")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&"),
  );
}

describe("ProjectCard", () => {
  it.each(projects)("shows $id's image with its text alternative", (project) => {
    const html = renderToStaticMarkup(<ProjectCard project={project} eager={false} />);
    expect(altTexts(html)).toEqual([project.image_alt]);
  });
});
