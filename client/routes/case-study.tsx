import { data } from "react-router";
import { otherCaseStudies } from "#shared/case-study-rules.ts";
import { paths } from "#shared/paths.ts";
import { CaseStudyCard } from "#client/components/content/case-study-card.tsx";
import { CaseStudyHeader } from "#client/components/content/case-study-header.tsx";
import { CheckList } from "#client/components/sections/check-list.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildMeta } from "#client/lib/seo.ts";
import { PreviewBanner } from "#client/components/content/preview-banner.tsx";
import { loaderHeadersOnly, previewHeaders, previewMeta, previewStateOf } from "#client/lib/preview-page.ts";
import { breadcrumbJsonLd } from "#client/lib/structured-data.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import type { Route } from "./+types/case-study";
import { ContentImage } from "#client/components/ui/content-image.tsx";
import { readPageCopy } from "#client/lib/page-copy.ts";

/** `{client}` in the page's headings stands for the client's name. */
const withClient = (text: string, clientName: string) => text.replace(/\{client\}/g, clientName);

/** The largest paint is a picture: the logos, or the screenshot. */
export const handle: PageHandle = { largestPaint: "image" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // A preview link shows a draft as it was when the link was made (docs/decisions/050-stored-preview-links.md).
  const published = await context.content.getCaseStudy(params.id);
  const grant = published ? undefined : await context.preview(request, `case-studies/${params.id}`);
  const preview = grant && previewStateOf(grant);
  const caseStudy =
    published ??
    (grant && (await context.content.getCaseStudy(params.id, { unpublished: true, pinned: grant.pinned })));
  // The labels are the case studies page's copy, published (a preview link here is the item's).
  const { copy } = await readPageCopy(context, request, "case-studies");
  const { detail, notFound } = copy;
  // requirements §2: an unknown id shows 'Case study not found', with a real 404 status.
  if (!caseStudy)
    return data({ caseStudy: undefined, others: [], preview: undefined, detail, notFound }, { status: 404 });
  const others = otherCaseStudies(await context.content.listCaseStudies(), caseStudy.id);
  if (preview) return data({ caseStudy, others, preview, detail, notFound }, { headers: previewHeaders });
  return { caseStudy, others, preview, detail, notFound };
}

export const headers: Route.HeadersFunction = loaderHeadersOnly;

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) => {
  const settings = settingsFromMatches(matches);
  const study = loaderData?.caseStudy;
  if (!study) {
    return [
      ...buildMeta(
        {
          title: "Case Study Not Found",
          description: "The case study you're looking for doesn't exist or has been removed.",
          path: paths.caseStudy(params.id ?? ""),
        },
        settings,
      ),
      { name: "robots", content: "noindex" },
    ];
  }
  const tags = buildMeta(
    {
      title: `${study.clientName} Case Study`,
      // What staff wrote for search results and link cards, else a sentence of its own.
      description:
        study.meta_description?.replace(/\s+/g, " ") ??
        `How we helped ${study.clientName}: ${study.title}. What ${study.clientName} does and what we contributed this year.`,
      path: paths.caseStudy(study.id),
      image: study.social_image?.src,
      jsonLd: settings
        ? [
            breadcrumbJsonLd(
              [
                { name: "Home", path: paths.home },
                { name: "Case Studies", path: paths.caseStudies },
                { name: study.clientName, path: paths.caseStudy(study.id) },
              ],
              settings,
            ),
          ]
        : [],
    },
    settings,
  );
  return loaderData.preview ? [...tags, ...previewMeta] : tags;
};

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { caseStudy: study, others, preview, detail, notFound } = loaderData;
  if (!study) {
    return (
      <section className="page-container section text-center">
        <h1 className="section-title">{notFound.title}</h1>
        <p className="mt-4 text-ink-soft">{notFound.text}</p>
        <a href={paths.caseStudies} className="btn-primary mt-8">
          {notFound.linkLabel}
        </a>
      </section>
    );
  }
  return (
    <>
      <PreviewBanner preview={preview} />
      <article>
        <CaseStudyHeader
          study={study}
          backLink={detail.backLink}
          title={withClient(detail.title, study.clientName)}
        />
        <div className="page-container section grid gap-12 lg:grid-cols-5">
          <ContentImage
            image={study.screenshot}
            alt={`Screenshot of the ${study.clientName} product we work on`}
            priority="high"
            sizes="(min-width: 1024px) 60vw, 100vw"
            className="h-auto w-full rounded-card shadow-lift lg:col-span-3"
          />
          <div className="lg:col-span-2">
            <h2 className="text-2xl font-bold text-ink">{withClient(detail.aboutTitle, study.clientName)}</h2>
            <p className="mt-4 text-lg text-ink-soft">{study.description}</p>
            <h2 className="mt-10 text-2xl font-bold text-ink">{detail.contributionsTitle}</h2>
            <CheckList items={study.contributions} className="mt-4" />
            <a href={paths.contact} className="btn-primary mt-10">
              {detail.contactLink}
            </a>
          </div>
        </div>
      </article>
      {others.length > 0 ? (
        <Section id="other-case-studies" title={detail.othersTitle} tone="muted">
          <ul className="mt-10 grid gap-8 md:grid-cols-3">
            {others.map((other) => (
              <li key={other.id}>
                <CaseStudyCard study={other} headingLevel={3} />
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <a href={paths.caseStudies} className="btn-secondary">
              {detail.allLink}
            </a>
          </div>
        </Section>
      ) : null}
    </>
  );
}
