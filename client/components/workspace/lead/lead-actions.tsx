/** A lead's or appointment request's read mark, and releasing what a bot trap held back. */
import { useState } from "react";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { suspectedSpamReason, type StaffRef } from "#shared/inbox.ts";
import { staffLabel } from "./owner-form";

/** Who read it and when, as the read mark keeps it. */
function readSentence(noun: string, mark: { by: StaffRef | null; at: string | null } | null): string {
  if (!mark) return `Nobody has read this ${noun} yet.`;
  const when = mark.at ? `, ${formatWhen(mark.at)}` : "";
  return mark.by ? `Read by ${staffLabel(mark.by)}${when}.` : `Marked read from the command line${when}.`;
}

/** Opening the page marks it read by whoever opened it; "Mark unread" puts it back among the unread. */
export function ReadToggle({
  id,
  noun,
  read,
  readMark,
  reload,
}: {
  id: string;
  /** "lead" or "request", as the page names it. */
  noun: string;
  read: boolean;
  readMark: { by: StaffRef | null; at: string | null } | null;
  reload: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await workspaceFetch(`/inbox/${encodeURIComponent(id)}/read`, { body: { json: { read: !read } } });
      toast({ variant: "success", title: read ? "Marked unread" : "Marked read" });
      await reload();
    } catch (error) {
      toast({ title: "Could not change the read mark", description: apiMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <TitledSection id="read" title="Read" className="space-y-3">
      <p className="text-ink-soft" data-testid="read-mark">
        {readSentence(noun, read ? (readMark ?? { by: null, at: null }) : null)}
      </p>
      <Button variant="secondary" busy={busy} onClick={() => void toggle()}>
        {read ? "Mark unread" : "Mark read"}
      </Button>
    </TitledSection>
  );
}

export function Release({ id, trap, reload }: { id: string; trap: string; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  async function release() {
    setBusy(true);
    try {
      await workspaceFetch(`/inbox/${encodeURIComponent(id)}/release`, { method: "POST" });
      toast({ variant: "success", title: "Released: the agency's e-mail about it is queued" });
      await reload();
    } catch (error) {
      toast({ title: "Could not release it", description: apiMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Notice tone="warning" title="Held back as suspected spam">
      <p>A bot trap held it back ({suspectedSpamReason(trap)}), so the agency was not e-mailed about it.</p>
      <Button className="mt-3" variant="secondary" busy={busy} onClick={() => void release()}>
        Release: it is a real lead
      </Button>
    </Notice>
  );
}
