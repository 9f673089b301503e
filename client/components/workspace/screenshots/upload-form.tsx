/** The form that uploads a screenshot to a service page, at a position or the first free one. */
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { AltTextField } from "#client/components/workspace/alt-text-field.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { ImageFileField } from "#client/components/workspace/fields.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { PositionField } from "./position-field";

const noFile = "Choose an image file first.";

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
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(async () => {
    // Said here, as the server is sent nothing without a file; named as the API names the field.
    if (!file) throw new WorkspaceApiError(noFile, 0, { file: noFile });
    const query = new URLSearchParams({ page, alt });
    if (position) query.set("position", position);
    await workspaceFetch(`/screenshots?${query}`, { body: { file } });
    setAlt("");
    setPosition("");
    toast({ variant: "success", title: `Screenshot added to ${pageTitle}` });
    await revalidator.revalidate();
  });

  return (
    <form
      {...formProps}
      noValidate
      aria-label={`Upload a screenshot to ${pageTitle}`}
      className="space-y-4 rounded-card border border-line p-4"
    >
      <p className="font-medium text-ink">Upload a screenshot</p>
      <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
      <AltTextField name="alt" subject="screenshot" value={alt} onValue={setAlt} error={fieldErrors.alt} />
      <PositionField
        maxPosition={maxPosition}
        value={position}
        onValue={setPosition}
        description="Leave empty for the first free one."
        error={fieldErrors.position}
        required={false}
      />
      <ImageFileField
        id={fileId}
        name="file"
        label="Image file"
        description="PNG, JPEG, WebP or AVIF, at most 10 MB."
        error={fieldErrors.file}
        onFile={setFile}
      />
      <Button type="submit" busy={busy}>
        Upload
      </Button>
    </form>
  );
}
