import { useState, type FormEvent } from "react";
import { copyPages, copyTarget, type CopyPageName, type PageCopyView } from "#shared/copy/copy-pages.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { PreviewLinks } from "#client/components/workspace/previews/preview-links.tsx";
import { CopyField } from "./copy-field";
import { setAt, type CopyPath, type CopyValue } from "./copy-document";

type Done = { kind: "published"; path: string } | { kind: "draft" } | { kind: "preview"; url: string };

/**
 * A page's copy, every field from its description: Publish shows it to visitors at once
 * ("View on site" after); Save draft keeps it from them; Preview saves the draft and opens
 * it at the page's own address through a link that expires; the links still open are
 * listed below, to revoke.
 */
export function CopyForm({ name, view }: { name: CopyPageName; view: PageCopyView }) {
  const [document, setDocument] = useState(() => (view.draft ?? view.published) as CopyValue);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState<"publish" | "draft" | "preview" | null>(null);
  const [done, setDone] = useState<Done | null>(view.draft ? { kind: "draft" } : null);
  const [made, setMade] = useState(0);
  const label = copyPages[name].label;

  const change = (path: CopyPath, value: CopyValue) => setDocument((old) => setAt(old, path, value));

  async function save(draft: boolean): Promise<boolean> {
    try {
      await workspaceFetch(`/copy/${name}`, { body: { json: { document, draft } } });
      setErrors({});
      setProblem("");
      return true;
    } catch (caught) {
      // Not reached: the fields keep the messages they had.
      if (caught instanceof WorkspaceApiError) setErrors(caught.fieldErrors);
      setProblem(apiMessage(caught));
      return false;
    }
  }

  async function run(action: "publish" | "draft" | "preview") {
    setBusy(action);
    try {
      if (!(await save(action !== "publish"))) return;
      if (action === "publish") {
        setDone({ kind: "published", path: view.path });
        toast({ variant: "success", title: `Published the ${label} page` });
      } else if (action === "draft") {
        setDone({ kind: "draft" });
        toast({ variant: "success", title: `Saved a draft of the ${label} page` });
      } else {
        const link = await workspaceFetch<{ url: string }>(`/copy/${name}/preview`, { body: { json: {} } });
        setDone({ kind: "preview", url: link.url });
        setMade((count) => count + 1);
        window.open(link.url, "_blank", "noopener");
      }
    } catch (caught) {
      setProblem(
        caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server. Try again.",
      );
    } finally {
      setBusy(null);
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run("publish");
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        {problem ? <Notice tone="danger">{problem}</Notice> : null}
        {done?.kind === "published" ? (
          <Notice tone="success" title="Published">
            Visitors see it now.{" "}
            <a href={done.path} target="_blank" rel="noopener" className="font-semibold text-brand underline">
              View on site
            </a>
          </Notice>
        ) : done?.kind === "draft" ? (
          <Notice tone="warning" title="Unpublished draft">
            Visitors still see the published words. Preview the draft, then publish it.
          </Notice>
        ) : done?.kind === "preview" ? (
          <Notice tone="info" title="Preview link made">
            It opened in a new tab, and shows this draft as it is now to anyone you send it to, until it
            expires or is revoked below.{" "}
            <a href={done.url} target="_blank" rel="noopener" className="font-semibold text-brand underline">
              Open the preview
            </a>
          </Notice>
        ) : null}
        <CopyField
          schema={copyPages[name].schema}
          value={document}
          path={[]}
          errors={errors}
          onChange={change}
          depth={0}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy === "publish"}>
            Publish
          </Button>
          <Button variant="secondary" busy={busy === "draft"} onClick={() => void run("draft")}>
            Save draft
          </Button>
          <Button variant="secondary" busy={busy === "preview"} onClick={() => void run("preview")}>
            Preview
          </Button>
        </div>
      </form>
      <div className="mt-8 max-w-3xl">
        <PreviewLinks target={copyTarget(name)} made={made} heading="h2" />
      </div>
    </>
  );
}
