import { paths } from "#shared/paths.ts";
import { Pagination } from "#client/components/content/pagination.tsx";
import { ProjectCard } from "#client/components/content/project-card.tsx";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { ProcessSteps } from "#client/components/sections/process-steps.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { loadContent } from "#client/lib/content-loader.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import { listPageLinks, notFound, pageNumberOf } from "#client/lib/list-page.ts";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildPageMeta, notFoundMeta } from "#client/lib/seo.ts";
import { useLoadErrorToast } from "#client/lib/use-load-error-toast.ts";
import type { Route } from "./+types/projects";

export async function loader({ context, params }: Route.LoaderArgs) {
  // This module serves /projects and /projects/page/:page.
  const page = pageNumberOf((params as { page?: string }).page, paths.projects);
  const { value: list, failed } = await loadContent(
    context,
    "projects",
    () => context.content.listProjectsPage(page),
    { items: [], page, pageCount: 1, total: 0 },
  );
  if (!failed && page > list.pageCount) throw notFound();
  return { list, failed };
}

/** Links only, so no framework; a failed load hydrates for its toast (SPEC §8). */
export const handle: PageHandle<Awaited<ReturnType<typeof loader>>> = {
  hydrate: (data) => (data.failed ? "eager" : "none"),
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
    ...(settings ? listPageLinks(paths.projectsPage, page, loaded.list.pageCount, settings.siteUrl) : []),
  ];
};

const PROCESS = [
  {
    title: "Discovery & Planning",
    text: "Workshops to understand your goals, users and constraints, ending in a clear scope and plan.",
  },
  {
    title: "Design & Prototyping",
    text: "Wireframes and clickable prototypes so you can test ideas before a line of code is written.",
  },
  {
    title: "Development",
    text: "Clean, tested code in short sprints, with a working demo at the end of every sprint.",
  },
  {
    title: "Testing & QA",
    text: "Automated tests, device testing and accessibility checks before anything reaches your customers.",
  },
  {
    title: "Deployment",
    text: "Smooth, monitored releases to the cloud and the app stores, with no downtime surprises.",
  },
  {
    title: "Maintenance & Support",
    text: "Updates, security patches and improvements as your business and your users grow.",
  },
] as const;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { list, failed } = loaderData;
  const projects = list.items;
  useLoadErrorToast(failed, "Failed to load projects.");

  return (
    <>
      <PageHeader
        tone="paper"
        eyebrow="Selected work"
        title="Our Projects"
        subtitle="A selection of the websites, web applications and mobile apps we have designed and built for our clients."
      />
      <Section id="project-list" title="Project list" tone="plain" titleClassName="sr-only">
        {failed ? (
          <p role="alert" className="py-12 text-center text-lg font-medium text-danger">
            Failed to load projects
          </p>
        ) : projects.length === 0 ? (
          <p className="py-12 text-center text-lg text-ink-soft">
            No projects available yet. Check back soon!
          </p>
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
      <Section id="development-process" title="Our Development Process" tone="muted">
        <ProcessSteps steps={PROCESS} />
      </Section>
      <CallToAction
        id="projects-cta"
        title="Ready to Start Your Project?"
        text="Tell us what you want to build and we'll come back with a plan, a timeline and a fixed proposal."
        linkLabel="Contact Us"
        to={paths.contact}
      />
    </>
  );
}
