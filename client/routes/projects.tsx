import { paths } from "#shared/paths.ts";
import { Pagination } from "#client/components/content/pagination.tsx";
import { ProjectCard } from "#client/components/content/project-card.tsx";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { ProcessSteps } from "#client/components/sections/process-steps.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { loadContent } from "#client/lib/content-loader.ts";
import { loadPageCopy, previewMeta, previewResponseHeaders } from "#client/lib/page-copy.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import { listPageLinks, notFound, pageNumberOf } from "#client/lib/list-page.ts";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildPageMeta, notFoundMeta } from "#client/lib/seo.ts";
import { LoadErrorToast } from "#client/lib/use-load-error-toast.ts";
import { island } from "#client/lib/island.tsx";
import type { Route } from "./+types/projects";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  // This module serves /projects and /projects/page/:page.
  const page = pageNumberOf((params as { page?: string }).page, paths.projects);
  const { value: list, failed } = await loadContent(
    context,
    "projects",
    () => context.content.listProjectsPage(page),
    { items: [], page, pageCount: 1, total: 0 },
  );
  if (!failed && page > list.pageCount) throw notFound();
  return loadPageCopy(context, request, "projects", { list, failed });
}

export const headers: Route.HeadersFunction = previewResponseHeaders;

/** Links only, so no framework; a failed load hydrates for its toast (requirements §8). */
export const handle: PageHandle<Route.ComponentProps["loaderData"]> = {
  hydrate: (data) => (data.failed ? "eager" : "none"),
  islands: (data) => (data.failed ? ["load-error"] : []),
  largestPaint: "image",
};

export const meta: Route.MetaFunction = ({ data: loaded, location, matches }) => {
  const settings = settingsFromMatches(matches);
  // A page number that is not there answered 404.
  if (!loaded) return notFoundMeta(location.pathname, settings);
  const page = loaded.list.page;
  return [
    ...buildPageMeta("projects", matches, {
      title: page > 1 ? `Projects (page ${page})` : "Projects",
      path: paths.projectsPage(page),
    }),
    ...previewMeta(loaded),
    ...(settings ? listPageLinks(paths.projectsPage, page, loaded.list.pageCount, settings.siteUrl) : []),
  ];
};

const LoadErrorIsland = island("load-error", LoadErrorToast);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { list, failed, copy } = loaderData;
  const projects = list.items;

  return (
    <>
      {failed ? <LoadErrorIsland description="Failed to load projects." /> : null}
      <PageHeader tone="paper" {...copy.header} />
      <Section id="project-list" title="Project list" tone="plain" titleClassName="sr-only">
        {failed ? (
          <p role="alert" className="py-12 text-center text-lg font-medium text-danger">
            Failed to load projects
          </p>
        ) : projects.length === 0 ? (
          <p className="py-12 text-center text-lg text-ink-soft">{copy.emptyList}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
            {projects.map((project, index) => (
              <li key={project.id}>
                <ProjectCard project={project} eager={index < 3} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          pathOf={paths.projectsPage}
          label="Projects pages"
        />
      </Section>
      <Section id="development-process" title={copy.process.title} tone="muted">
        <ProcessSteps steps={copy.process.steps} />
      </Section>
      <CallToAction id="projects-cta" {...copy.cta} to={paths.contact} />
    </>
  );
}
