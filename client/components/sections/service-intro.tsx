import type { ReactNode } from "react";
import { screenshotPlaceholders } from "#data/service-screenshots.ts";
import type { ServicePage, ServiceScreenshot } from "#shared/content-types.ts";
import { PageHeader } from "./page-header";
import { ScreenshotShowcase } from "./screenshot-showcase";

export type ServiceIntroProps = {
  servicePage: ServicePage;
  title: string;
  subtitle: string;
  problems: readonly string[];
  portfolioTitle: string;
  screenshots: readonly ServiceScreenshot[];
  /** The service's lead form. */
  children: ReactNode;
};

/** SPEC §2: a service page opens with its header and the problems it solves, its portfolio, then its lead form. */
export function ServiceIntro({
  servicePage,
  title,
  subtitle,
  problems,
  portfolioTitle,
  screenshots,
  children,
}: ServiceIntroProps) {
  return (
    <>
      <PageHeader tone="protea" eyebrow="Service" title={title} subtitle={subtitle} problems={problems} />
      <ScreenshotShowcase
        title={portfolioTitle}
        servicePage={servicePage}
        placeholders={screenshotPlaceholders[servicePage]}
        screenshots={screenshots}
      />
      {children}
    </>
  );
}
