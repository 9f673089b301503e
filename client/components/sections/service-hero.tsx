import type { ServicePage, ServiceScreenshot } from "#shared/content-types.ts";
import { PageHeader } from "./page-header";
import { ScreenshotShowcase } from "./screenshot-showcase";

/** A service page's opening: its header with the problems it solves, then its portfolio. */
export function ServiceHero({
  hero: { title, subtitle, problems, showcaseTitle },
  servicePage,
  screenshots,
}: {
  hero: { title: string; subtitle: string; problems: readonly string[]; showcaseTitle: string };
  servicePage: ServicePage;
  screenshots: readonly ServiceScreenshot[];
}) {
  return (
    <>
      <PageHeader tone="protea" eyebrow="Service" title={title} subtitle={subtitle} problems={problems} />
      <ScreenshotShowcase title={showcaseTitle} servicePage={servicePage} screenshots={screenshots} />
    </>
  );
}
