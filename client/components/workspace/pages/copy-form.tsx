import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { copyPages, copyTarget, type CopyPageName, type PageCopyView } from "#shared/copy/copy-pages.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { useStaff } from "#client/components/workspace/use-staff.ts";
import {
  ConflictPanel,
  EditingNotices,
  SaveStatus,
} from "#client/components/workspace/editing/editing-panels.tsx";
import { submitWith, useSaveRefusal } from "#client/components/workspace/editing/save-refusal.ts";
import { useEditing, type EditorState } from "#client/components/workspace/editing/use-editing.ts";
import { toast } from "#client/components/workspace/toasts.tsx";
import { PreviewLinks } from "#client/components/workspace/previews/preview-links.tsx";
import { CopyField } from "./copy-field";
import { setAt, type CopyPath, type CopyValue } from "./copy-document";

type Done = { kind: "published"; path: string } | { kind: "draft" } | { kind: "preview"; url: string };

/** The draft kept last time, when it is one of this form's. */
function keptDraft(editing: EditorState | null): CopyValue | undefined {
  const document = (editing?.draft?.document as { document?: unknown } | undefined)?.document;
  return typeof document === "object" && document !== null ? (document as CopyValue) : undefined;
}

/**
 * A page's copy, every field from its description: Publish shows it to visitors at once
 * ("View on site" after); Save draft keeps it from them; Preview saves the draft and opens
 * it at the page's own address through a link that expires; the links still open are
 * listed below, to revoke.
 */
export function CopyForm({
  name,
  view,
  editing = null,
}: {
  name: CopyPageName;
  view: PageCopyView;
  editing?: EditorState | null;
}) {
  const { email } = useStaff();
  const revalidator = useRevalidator();
  const [loaded] = useState(() => keptDraft(editing) ?? ((view.draft ?? view.published) as CopyValue));
  const [document, setDocument] = useState(loaded);
  const refusal = useSaveRefusal();
  const { problem, errors, attempt, conflict } = refusal;
  const form = useRef<HTMLFormElement>(null);
  const kept = useEditing<{ document: CopyValue }>({
    target: copyTarget(name),
    email,
    initial: editing,
    values: { document },
    loaded: { document: loaded },
  });
  const [busy, setBusy] = useState<"publish" | "draft" | "preview" | null>(null);
  const [done, setDone] = useState<Done | null>(view.draft ? { kind: "draft" } : null);
  const [made, setMade] = useState(0);
  const label = copyPages[name].label;

  const change = (path: CopyPath, value: CopyValue) => setDocument((old) => setAt(old, path, value));

  async function save(draft: boolean, baseVersion = kept.version): Promise<boolean> {
    try {
      const saved = await kept.whileSaving(() =>
        workspaceFetch<{ version: number | null }>(`/pages/${name}`, {
          body: { json: { document, draft, baseVersion } },
        }),
      );
      refusal.clear();
      kept.markSaved({ document }, draft ? undefined : saved.version);
      return true;
    } catch (caught) {
      refusal.refused(caught);
      return false;
    }
  }

  async function run(action: "publish" | "draft" | "preview", baseVersion = kept.version) {
    setBusy(action);
    await refusal.settle(
      async () => {
        if (!(await save(action !== "publish", baseVersion))) return;
        if (action === "publish") {
          setDone({ kind: "published", path: view.path });
          toast({ variant: "success", title: `Published the ${label} page` });
        } else if (action === "draft") {
          setDone({ kind: "draft" });
          toast({ variant: "success", title: `Saved a draft of the ${label} page` });
        } else {
          const link = await workspaceFetch<{ url: string }>(`/pages/${name}/preview`, {
            body: { json: {} },
          });
          setDone({ kind: "preview", url: link.url });
          setMade((count) => count + 1);
          window.open(link.url, "_blank", "noopener");
        }
      },
      () => setBusy(null),
    );
  }

  const onSubmit = submitWith(() => run("publish"));

  return (
    <>
      <form ref={form} onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        <ErrorSummary
          problem={problem}
          errors={errors}
          attempt={attempt}
          fieldName={(key) => `copy-${key}`}
        />
        <EditingNotices kept={kept} onRestore={(restored) => setDocument(restored.document)} />
        {conflict ? (
          <ConflictPanel
            conflict={conflict}
            mine={document}
            fieldName={(path) => `copy-${path}`}
            busy={busy === "publish"}
            onKeepMine={() => {
              kept.setVersion(conflict.version);
              void run("publish", conflict.version);
            }}
            onTakeTheirs={() => {
              refusal.dismissConflict();
              void kept.discardDraft().then(() => revalidator.revalidate());
            }}
          />
        ) : null}
        <DoneNotice done={done} />
        <CopyField
          schema={copyPages[name].schema}
          value={document}
          path={[]}
          errors={errors}
          onChange={change}
          depth={0}
        />
        <CopyActions busy={busy} onDraft={() => void run("draft")} onPreview={() => void run("preview")} />
        <SaveStatus status={kept.status} />
      </form>
      <div className="mt-8 max-w-3xl">
        <PreviewLinks target={copyTarget(name)} made={made} heading="h2" />
      </div>
    </>
  );
}

/** What the last action did: published (with a link to the page), a draft kept, or a preview link made. */
function DoneNotice({ done }: { done: Done | null }) {
  return done?.kind === "published" ? (
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
      It opened in a new tab, and shows this draft as it is now to anyone you send it to, until it expires or
      is revoked below.{" "}
      <a href={done.url} target="_blank" rel="noopener" className="font-semibold text-brand underline">
        Open the preview
      </a>
    </Notice>
  ) : null;
}

/** Publish (the form's submit), Save draft and Preview, each busy while it runs. */
function CopyActions({
  busy,
  onDraft,
  onPreview,
}: {
  busy: "publish" | "draft" | "preview" | null;
  onDraft(): void;
  onPreview(): void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" busy={busy === "publish"}>
        Publish
      </Button>
      <Button variant="secondary" busy={busy === "draft"} onClick={onDraft}>
        Save draft
      </Button>
      <Button variant="secondary" busy={busy === "preview"} onClick={onPreview}>
        Preview
      </Button>
    </div>
  );
}
