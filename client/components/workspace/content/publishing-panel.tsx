/**
 * When an item is published, and how to see it (docs/decisions/042-preview-and-scheduled-publishing.md):
 * its state, a publish time for a draft, the Featured pin for news, a preview link, and
 * "View on site" once it is published.
 */
import { useState, type ReactNode } from "react";
import type { ContentKind, ContentKindSpec } from "#shared/content-fields.ts";
import { contentPageOf } from "#shared/content-page.ts";
import { pickerTime } from "#shared/publish-time.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import type { ContentRecord } from "#client/lib/workspace-content.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { CheckboxField, TextField } from "#client/components/workspace/fields.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { PreviewLinkMaker } from "./preview-link-maker";
import { PublishState } from "./publish-state";

const linkClass = "font-semibold text-brand underline underline-offset-4";

export function PublishingPanel({
  kind,
  spec,
  record: initial,
  latest,
  onChange,
}: {
  kind: ContentKind;
  spec: ContentKindSpec;
  record: ContentRecord;
  /** The item as the form saved it, or the header published or hid it: after a save, the panel offers to see it. */
  latest?: { record: ContentRecord; saved: boolean };
  /** The item after this panel published, scheduled or unscheduled it: the header's badge follows. */
  onChange?: (after: ContentRecord) => void;
}) {
  const [current, setCurrent] = useState({ record: initial, saved: false });
  const [seen, setSeen] = useState(latest);
  // A save or a status change elsewhere on the page is the newest state, until this panel changes it.
  if (seen !== latest) {
    setSeen(latest);
    if (latest) setCurrent(latest);
  }
  const { record, saved } = current;
  const setRecord = (after: ContentRecord) => setCurrent({ record: after, saved: false });
  const [busy, setBusy] = useState("");
  const page = contentPageOf(kind, record.item);
  const path = `/content/${kind}/${encodeURIComponent(record.id)}`;

  /** Unschedule, feature, unfeature: sent at once, a refusal said in a toast. */
  async function act(action: string, done: string) {
    setBusy(action);
    try {
      const answer = await workspaceFetch<{ record: ContentRecord }>(`${path}/${action}`, { method: "POST" });
      changed(answer.record, done);
    } catch (caught) {
      const message = caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server.";
      toast({ title: "That did not work", description: message });
    } finally {
      setBusy("");
    }
  }

  function changed(after: ContentRecord, done: string) {
    setRecord(after);
    onChange?.(after);
    toast({ variant: "success", title: done });
  }

  return (
    <TitledSection id="publishing" title="Publishing" className="max-w-3xl space-y-4">
      {saved ? <SavedNotice record={record} path={page.path} ownPage={page.ownPage} /> : null}
      <p className="flex flex-wrap items-center gap-2 text-ink">
        {record.status === "published" ? (
          <>
            <span>Visitors see it.</span>
            <a
              href={page.path}
              target="_blank"
              rel="noopener"
              className={`${linkClass} inline-flex min-h-11 items-center`}
            >
              View on site<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        ) : record.publishAt ? (
          <PublishState item={record} />
        ) : (
          <span>A draft: visitors do not see it.</span>
        )}
      </p>
      {record.status === "draft" ? (
        <ScheduleForm
          record={record}
          path={path}
          onScheduled={(after) => changed(after, `“${record.item.title}” is scheduled`)}
        >
          {record.publishAt ? (
            <Button
              variant="quiet"
              busy={busy === "unschedule"}
              onClick={() => void act("unschedule", `“${record.item.title}” is no longer scheduled`)}
            >
              Unschedule
            </Button>
          ) : null}
        </ScheduleForm>
      ) : null}
      {kind === "news" ? (
        <CheckboxField
          id="featured"
          label="Featured"
          description="Pinned above the other posts. News is otherwise newest first, by date."
          checked={record.featured}
          disabled={busy === "feature" || busy === "unfeature"}
          onChange={(checked) =>
            void act(
              checked ? "feature" : "unfeature",
              checked
                ? `“${record.item.title}” is pinned above the other posts`
                : `“${record.item.title}” is back in date order`,
            )
          }
        />
      ) : null}
      {page.ownPage ? <PreviewLinkMaker kind={kind} id={record.id} /> : null}
      {!page.ownPage && record.status === "draft" ? (
        <p className="text-sm text-ink-soft">
          A {spec.one} has no page of its own to preview; {spec.page} shows it once it is published.
        </p>
      ) : null}
    </TitledSection>
  );
}

/** A draft's publish time; its refusal is said under the field. */
function ScheduleForm({
  record,
  path,
  onScheduled,
  children,
}: {
  record: ContentRecord;
  path: string;
  onScheduled: (after: ContentRecord) => void;
  /** "Unschedule", beside the button, once a time is set. */
  children: ReactNode;
}) {
  const [at, setAt] = useState("");
  // A time half chosen is not worth asking about before leaving.
  const { error, busy, formProps } = useFormSave(
    async () => {
      const answer = await workspaceFetch<{ record: ContentRecord }>(`${path}/schedule`, {
        method: "POST",
        body: { json: { at } },
      });
      onScheduled(answer.record);
      setAt("");
    },
    { dirty: false },
  );
  return (
    <form {...formProps} noValidate className="space-y-3">
      <TextField
        label="Publish at"
        name="publishAt"
        // The phone's own date and time picker; its value is read as South African time.
        type="datetime-local"
        // Set when it opens, not at render: a time rendered on the server would go stale.
        onFocus={(event) => (event.currentTarget.min = pickerTime(new Date()))}
        value={at}
        onChange={(event) => setAt(event.target.value)}
        autoComplete="off"
        description="The day and time in South Africa. It publishes on its own then."
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" busy={busy}>
          {record.publishAt ? "Change the publish time" : "Schedule"}
        </Button>
        {children}
      </div>
    </form>
  );
}

/** After a save: where to see it. A published item's page; a draft's preview, below. */
function SavedNotice({ record, path, ownPage }: { record: ContentRecord; path: string; ownPage: boolean }) {
  if (record.status === "published") {
    return (
      <Notice tone="success" title="Saved">
        Visitors see the change now.{" "}
        <a href={path} target="_blank" rel="noopener" className={linkClass}>
          View on site<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Notice>
    );
  }
  return (
    <Notice tone="success" title="Saved as a draft">
      {ownPage
        ? "Visitors do not see it yet. Use Preview below to see it at its address."
        : "Visitors do not see it until it is published."}
    </Notice>
  );
}
