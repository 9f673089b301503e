/** One service page on the screenshots page: its uploads in order, and the form to add one. */
import { useId } from "react";
import { paths } from "#shared/paths.ts";
import type { ScreenshotRecord } from "#shared/staff-screenshot-record.ts";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { ScreenshotRow } from "./screenshot-row";
import { UploadForm } from "./upload-form";

const pageNames: Record<string, { title: string; href: string }> = {
  "website-design": { title: "Website design", href: paths.websiteDesign },
  "web-app-development": { title: "Web app development", href: paths.webAppDevelopment },
};

export function ServicePageShots({
  page,
  screenshots,
  maxPosition,
}: {
  page: string;
  screenshots: ScreenshotRecord[];
  maxPosition: number;
}) {
  const name = pageNames[page] ?? { title: page, href: "/" };
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-ink">
        {name.title}{" "}
        <a href={name.href} className="text-base font-medium text-brand underline-offset-4 hover:underline">
          View the page
        </a>
      </h2>
      {screenshots.length === 0 ? (
        <EmptyState title="No uploads: the page shows its built-in images." />
      ) : (
        <ul className="space-y-4">
          {screenshots.map((shot) => (
            <ScreenshotRow key={shot.id} shot={shot} maxPosition={maxPosition} pageTitle={name.title} />
          ))}
        </ul>
      )}
      <UploadForm page={page} pageTitle={name.title} maxPosition={maxPosition} />
    </section>
  );
}
