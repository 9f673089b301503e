/** Makes a preview link for an item, for a chosen time, to open or copy and send; lists those still open. */
import { useState } from "react";
import type { ContentKind } from "#shared/content-fields.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { formatPublishTime } from "#shared/publish-time.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField } from "#client/components/workspace/fields.tsx";
import { CopyableAddress } from "#client/components/workspace/copyable-address.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { PreviewLinks } from "#client/components/workspace/previews/preview-links.tsx";
import type { PreviewLinkMade } from "#shared/preview-links.ts";

type PreviewLink = PreviewLinkMade;

/** Within previewLinkLimits (server/auth/preview-links.ts): up to 14 days, 72 hours unless chosen. */
const lifetimes = [
  { value: "1", label: "1 hour" },
  { value: "24", label: "1 day" },
  { value: "72", label: "3 days" },
  { value: "168", label: "7 days" },
  { value: "336", label: "14 days" },
] as const;

export function PreviewLinkMaker({ kind, id }: { kind: ContentKind; id: string }) {
  const [hours, setHours] = useState("72");
  const [link, setLink] = useState<PreviewLink>();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState(0);

  async function make() {
    setBusy(true);
    // Opened now, inside the click, so no pop-up blocker stops it; pointed at the link once made.
    const opened = window.open("", "_blank");
    try {
      const made = await workspaceFetch<PreviewLink>(
        `/content/${kind}/${encodeURIComponent(id)}/preview-link`,
        { body: { json: { hours: Number(hours) } } },
      );
      setLink(made);
      setMade((count) => count + 1);
      if (opened) {
        opened.opener = null;
        opened.location.href = made.path;
      }
    } catch (caught) {
      opened?.close();
      toast({
        title: "Could not make a preview link",
        description: caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server.",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3 rounded-control border border-line p-4">
      <p className="text-ink">
        <span className="font-semibold">Preview</span>: see it at its real address before visitors do, as it
        is when the link is made. Anyone with the link can see that until the link expires or is revoked.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="Link works for"
          name="previewHours"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          options={lifetimes}
          className="w-40"
        />
        <Button variant="secondary" busy={busy} onClick={() => void make()}>
          Preview
        </Button>
      </div>
      {link ? (
        <div className="space-y-2">
          <CopyableAddress
            label="Preview link"
            name="previewLink"
            value={link.url}
            description={`Works until ${formatPublishTime(link.expiresAt)} (South African time).`}
            copy={{
              label: "Copy link",
              variant: "quiet",
              copied: "Preview link copied",
              byHand: "Select the link and copy it yourself.",
            }}
          >
            <a
              href={link.path}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
            >
              Open the preview<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </CopyableAddress>
        </div>
      ) : null}
      <PreviewLinks target={`${kind}/${id}`} made={made} />
    </div>
  );
}
