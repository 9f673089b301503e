import { Eye } from "lucide-react";
import { formatPublishTime } from "#shared/publish-time.ts";
import type { PreviewState } from "#client/lib/preview-page.ts";

/** Says a page is a preview: not published (or not yet), seen only through its link, until when. */
export function PreviewBanner({ preview }: { preview: PreviewState | undefined }) {
  if (!preview) return null;
  return (
    <div role="status" className="border-b border-line bg-brand-soft text-on-brand-soft">
      <p className="page-container flex items-start gap-2 py-3 text-sm font-medium">
        <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Preview: visitors do not see this page until it is published.{" "}
          {preview.by === "link"
            ? `This link shows it until ${formatPublishTime(preview.expiresAt)} (South African time).`
            : "You see it because you are signed in to the workspace."}
        </span>
      </p>
    </div>
  );
}
