/** The form that uploads a screenshot to a service page, at a position or the first free one. */
import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { AltTextField } from "#client/components/workspace/alt-text-field.tsx";
import { ImageFileField } from "#client/components/workspace/fields.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { PositionField } from "./position-field";

export function UploadForm({
  page,
  pageTitle,
  maxPosition,
}: {
  page: string;
  pageTitle: string;
  maxPosition: number;
}) {
  const revalidator = useRevalidator();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [position, setPosition] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setErrors({ file: "Choose an image file first." });
    setBusy(true);
    try {
      const query = new URLSearchParams({ page, alt });
      if (position) query.set("position", position);
      await workspaceFetch(`/screenshots?${query}`, { body: { file } });
      setErrors({});
      setAlt("");
      setPosition("");
      toast({ variant: "success", title: `Screenshot added to ${pageTitle}` });
      await revalidator.revalidate();
    } catch (caught) {
      setErrors(
        caught instanceof WorkspaceApiError
          ? { ...caught.fieldErrors, form: Object.keys(caught.fieldErrors).length ? "" : caught.message }
          : { form: messageOf(caught) },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void upload(event)}
      noValidate
      aria-label={`Upload a screenshot to ${pageTitle}`}
      className="space-y-4 rounded-card border border-line p-4"
    >
      <p className="font-medium text-ink">Upload a screenshot</p>
      {errors.form ? (
        <p role="alert" className="text-danger">
          {errors.form}
        </p>
      ) : null}
      <AltTextField name="alt" subject="screenshot" value={alt} onValue={setAlt} error={errors.alt} />
      <PositionField
        maxPosition={maxPosition}
        value={position}
        onValue={setPosition}
        description="Leave empty for the first free one."
        error={errors.position}
        required={false}
      />
      <ImageFileField
        id={fileId}
        label="Image file"
        description="PNG, JPEG, WebP or AVIF, at most 10 MB."
        error={errors.file}
        onFile={setFile}
      />
      <Button type="submit" busy={busy}>
        Upload
      </Button>
    </form>
  );
}
