/** A lead's or appointment request's read mark, and releasing what a bot trap held back. */
import { useState } from "react";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

/** Staff mark it read themselves: opening the page leaves the mark as it was. */
export function ReadToggle({
  id,
  noun,
  read,
  reload,
}: {
  id: string;
  /** "lead" or "request", as the page names it. */
  noun: string;
  read: boolean;
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
      <p className="text-ink-soft">
        {read ? `Someone has read this ${noun}.` : `Nobody has read this ${noun} yet.`}
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
      <p>It tripped the {trap} bot trap, so the agency was not e-mailed about it.</p>
      <Button className="mt-3" variant="secondary" busy={busy} onClick={() => void release()}>
        Release: it is a real lead
      </Button>
    </Notice>
  );
}
