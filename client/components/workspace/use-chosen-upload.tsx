/** An image that uploads as soon as its file is chosen (and its alt text written), with its progress. */
import { useEffect, useRef, useState } from "react";
import type { ContentKind } from "#shared/content-fields.ts";
import type { UploadedImage } from "#client/lib/workspace-content.ts";
import { checkImageFile, uploadImageWithProgress } from "#client/lib/workspace-upload.ts";
import { Button } from "./button";

type UploadState =
  | { state: "idle" }
  | { state: "waiting-for-alt"; file: File }
  | { state: "sending"; file: File; percent: number };

/**
 * Choosing a file checks its type and size here, then sends it with its alt text at once.
 * Alt text comes first (the server keeps no image without it): a file chosen before it
 * waits, and goes when the alt text is written (`altDone`, on leaving the field or
 * pressing Enter). An upload can be cancelled; a new file replaces a waiting one.
 */
export function useChosenUpload({
  kind,
  field,
  alt,
  subject,
  onUploaded,
}: {
  kind: ContentKind;
  /** The item's image field, or "body" for an image inside a news article. */
  field: string;
  /** Undefined: the image keeps no alt text of its own, and goes as soon as it is chosen. */
  alt: string | undefined;
  /** "cover image", "image": in messages. */
  subject: string;
  onUploaded(uploaded: UploadedImage): void;
}) {
  const [upload, setUpload] = useState<UploadState>({ state: "idle" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState("");
  // A new key empties the file input after a refusal or a cancel.
  const [inputKey, setInputKey] = useState(0);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function send(file: File, altText: string | undefined) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setErrors({});
    setUpload({ state: "sending", file, percent: 0 });
    setStatus(`Uploading ${file.name}…`);
    const answer = await uploadImageWithProgress(
      kind,
      field,
      altText,
      file,
      (percent) => setUpload({ state: "sending", file, percent }),
      controller.signal,
    );
    // Superseded by a later file: that one's answer is the one to show.
    if (abort.current !== controller) return;
    abort.current = null;
    setUpload({ state: "idle" });
    setInputKey((key) => key + 1);
    if (answer.ok) {
      onUploaded(answer.uploaded);
      return;
    }
    if ("cancelled" in answer) {
      setStatus("Upload cancelled. Nothing was changed.");
      return;
    }
    setStatus("");
    setErrors(answer.errors);
  }

  function choose(file: File | null) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setErrors({ file: problem });
      setInputKey((key) => key + 1);
      return;
    }
    if (alt !== undefined && alt.trim() === "") {
      setUpload({ state: "waiting-for-alt", file });
      setErrors({
        alt: `Write the ${subject}'s alt text first: the file uploads as soon as it says what the image shows.`,
      });
      return;
    }
    void send(file, alt);
  }

  function altDone() {
    if (upload.state === "waiting-for-alt" && alt !== undefined && alt.trim() !== "")
      void send(upload.file, alt);
  }

  function cancel() {
    if (upload.state === "sending") return abort.current?.abort();
    setUpload({ state: "idle" });
    setErrors({});
    setInputKey((key) => key + 1);
  }

  return { upload, errors, status, setStatus, inputKey, choose, altDone, cancel };
}

/** Under the file input: the progress of an upload with its Cancel, or the file waiting for its alt text. */
export function UploadProgress({
  upload,
  subject,
  cancel,
}: Pick<ReturnType<typeof useChosenUpload>, "upload" | "cancel"> & { subject: string }) {
  if (upload.state === "idle") return null;
  if (upload.state === "waiting-for-alt")
    return (
      <Button variant="secondary" onClick={cancel}>
        Don't upload {upload.file.name}
      </Button>
    );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <progress
        max={100}
        value={upload.percent}
        aria-label={`Uploading the ${subject}`}
        className="h-2 min-w-40 flex-1 accent-brand"
      />
      <span aria-hidden="true" className="text-sm text-ink-soft tabular-nums">
        {upload.percent}%
      </span>
      <Button variant="secondary" onClick={cancel}>
        Cancel upload
      </Button>
    </div>
  );
}

/** Enter in an alt text field sends a waiting file rather than the whole form. */
export function altKeyDown(altDone: () => void, waiting: boolean) {
  return (event: { key: string; preventDefault(): void }) => {
    if (event.key !== "Enter" || !waiting) return;
    event.preventDefault();
    altDone();
  };
}
