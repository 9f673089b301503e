import { teamImage } from "#data/pages/about-copy.ts";
import { paths } from "#shared/paths.ts";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { FeatureCards } from "#client/components/sections/feature-cards.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { buildPageMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/about";
import { loadPageCopyWithIcons } from "#client/lib/copy-icons.server.ts";
import { previewMeta, previewResponseHeaders } from "#client/lib/page-copy.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buildPageMeta("about", matches),
  ...previewMeta(loaderData),
];

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPageCopyWithIcons(context, request, "about");

export const headers: Route.HeadersFunction = previewResponseHeaders;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { header, story, values, whyChoose, cta } = loaderData.copy;
  return (
    <>
      <PageHeader tone="ink" {...header} />

      <section aria-labelledby="our-story" className="section">
        <div className="page-container grid items-center gap-12 lg:grid-cols-2">
          <div>
            <h2 id="our-story" className="section-title">
              {story.title}
            </h2>
            <div className="mt-6 space-y-4 text-lg text-ink-soft">
              {story.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </div>
          <img
            src={teamImage.src}
            alt={story.imageAlt}
            width={teamImage.width}
            height={teamImage.height}
            className="h-auto w-full rounded-card shadow-lift"
          />
        </div>
      </section>

      <Section id="our-values" title={values.title} tone="muted">
        <FeatureCards items={values.cards} icons={loaderData.icons} />
      </Section>

      <Section id="why-choose" title={whyChoose.title}>
        <FeatureCards items={whyChoose.cards} icons={loaderData.icons} />
      </Section>

      <CallToAction id="about-cta" {...cta} to={paths.contact} />
    </>
  );
}
