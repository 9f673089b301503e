import { ourStory, teamImage, values, whyChoose } from "#data/pages/about-copy.ts";
import { paths } from "#shared/paths.ts";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { FeatureCards } from "#client/components/sections/feature-cards.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { useSiteSettings } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => buildPageMeta("about", matches);

export default function Page() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHeader
        tone="ink"
        eyebrow="The studio"
        title="About Us"
        subtitle="A Cape Town team of designers and engineers who turn business ideas into dependable software."
      />

      <section aria-labelledby="our-story" className="section">
        <div className="page-container grid items-center gap-12 lg:grid-cols-2">
          <div>
            <h2 id="our-story" className="section-title">
              Our Story
            </h2>
            <div className="mt-6 space-y-4 text-lg text-ink-soft">
              {ourStory(settings.brandName).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <img
            src={teamImage.src}
            alt={teamImage.alt}
            width={teamImage.width}
            height={teamImage.height}
            className="h-auto w-full rounded-card shadow-lift"
          />
        </div>
      </section>

      <Section id="our-values" title="Our Values" tone="muted">
        <FeatureCards items={values} />
      </Section>

      <Section id="why-choose" title={`Why Choose ${settings.brandName}`}>
        <FeatureCards items={whyChoose} />
      </Section>

      <CallToAction
        id="about-cta"
        title="Let's Build Something Great Together"
        text="Tell us about your idea and we'll help you plan the best way to bring it to life."
        linkLabel="Get In Touch"
        to={paths.contact}
      />
    </>
  );
}
