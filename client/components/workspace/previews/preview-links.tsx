/**
 * The preview links of one page or item that still open (docs/decisions/050-stored-preview-links.md):
 * who made each, when, and until when, each with Revoke. Shown beside whatever makes them;
 * `made` changes when a link is made there, so the list follows.
 */
import { useEffect, useState } from "react";
import type { PreviewLinkView } from "#shared/preview-links.ts";
import { formatPublishTime } from "#shared/publish-time.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { EmailAddress } from "#client/components/workspace/break-points.tsx";

export function PreviewLinks({
  target,
  made,
  heading: Heading = "h3",
}: {
  /** "page:home", "news/<id>": as the API names what a link shows. */
  target: string;
  made: number;
  heading?: "h2" | "h3";
}) {
  const [links, setLinks] = useState<PreviewLinkView[]>();
  const [problem, setProblem] = useState("");
  // Bumped by a revoke here, as `made` is by a link made beside: either reloads the list.
  const [revoked, setRevoked] = useState(0);

  useEffect(() => {
    workspaceFetch<{ links: PreviewLinkView[] }>(`/previews?target=${encodeURIComponent(target)}`)
      .then((answer) => {
        setLinks(answer.links);
        setProblem("");
      })
      .catch(() => setProblem("Could not load the preview links. Reload the page to try again."));
  }, [target, made, revoked]);

  async function revoke(link: PreviewLinkView) {
    try {
      await workspaceFetch(`/previews/${link.id}/revoke`, { method: "POST" });
      toast({ variant: "success", title: "Preview link revoked", description: "It no longer opens." });
    } catch (caught) {
      toast({
        title: "Could not revoke the link",
        description: caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server.",
      });
    }
    setRevoked((count) => count + 1);
  }

  return (
    <section aria-labelledby="preview-links-title" className="space-y-3">
      <Heading id="preview-links-title" className="text-lg font-semibold text-ink">
        Previews still open
      </Heading>
      {problem ? <p className="text-ink-soft">{problem}</p> : null}
      {links?.length === 0 ? <p className="text-ink-soft">None: no link made here opens now.</p> : null}
      {links && links.length > 0 ? (
        <ul className="divide-y divide-line rounded-control border border-line">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <p className="min-w-0 text-ink">
                <span className="font-semibold">
                  <EmailAddress address={link.createdBy} />
                </span>
                <span className="block text-sm text-ink-soft">
                  Made {formatPublishTime(link.createdAt)}; works until {formatPublishTime(link.expiresAt)}
                </span>
              </p>
              <ConfirmButton
                label="Revoke"
                accessibleLabel={`Revoke the link ${link.createdBy} made ${formatPublishTime(link.createdAt)}`}
                title="Revoke this preview?"
                confirmLabel="Revoke link"
                onConfirm={() => revoke(link)}
              >
                Anyone who opens it from now on sees what visitors see, as if they had no link.
              </ConfirmButton>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
