import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { paths } from "../../../shared/paths";
import { Button } from "../../components/workspace/button";
import { ConfirmButton } from "../../components/workspace/confirm-button";
import { EmptyState } from "../../components/workspace/empty-state";
import { ImageFileField, TextField } from "../../components/workspace/fields";
import { PageHeader } from "../../components/workspace/page-header";
import { toast } from "../../components/workspace/toasts";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { ScreenshotPages, ScreenshotRecord } from "../../lib/workspace-content";
import type { Route } from "./+types/screenshots";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Screenshots");
export const handle = workspaceHandle;

export async function clientLoader() {
  return workspaceFetch<ScreenshotPages>("/screenshots");
}
clientLoader.hydrate = true as const;

const description =
  "The service pages' screenshots. An upload takes a position in the page's showcase; built-in images fill the others.";

export function HydrateFallback() {
  return <PageHeader title="Screenshots" description={description} />;
}

const pageNames: Record<string, { title: string; href: string }> = {
  "website-design": { title: "Website design", href: paths.websiteDesign },
  "web-app-development": { title: "Web app development", href: paths.webAppDevelopment },
};

function messageOf(error: unknown): string {
  return error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.";
}

/** Upload, move and remove each service page's screenshots: the CLI's `screenshots` operations. */
export default function ScreenshotsPage({ loaderData }: Route.ComponentProps) {
  const { pages, maxPosition } = loaderData;
  return (
    <>
      <PageHeader title="Screenshots" description={description} />
      <div className="space-y-12">
        {pages.map(({ page, screenshots }) => (
          <ServicePageShots key={page} page={page} screenshots={screenshots} maxPosition={maxPosition} />
        ))}
      </div>
    </>
  );
}

function ServicePageShots({
  page,
  screenshots,
  maxPosition,
}: {
  page: string;
  screenshots: ScreenshotRecord[];
  maxPosition: number;
}) {
  const name = pageNames[page] ?? { title: page, href: "/" };
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-ink">
        {name.title}{" "}
        <a href={name.href} className="text-base font-medium text-brand underline-offset-4 hover:underline">
          View the page
        </a>
      </h2>
      {screenshots.length === 0 ? (
        <EmptyState title="No uploads: the page shows its built-in images." />
      ) : (
        <ul className="space-y-4">
          {screenshots.map((shot) => (
            <ScreenshotRow key={shot.id} shot={shot} maxPosition={maxPosition} pageTitle={name.title} />
          ))}
        </ul>
      )}
      <UploadForm page={page} pageTitle={name.title} maxPosition={maxPosition} />
    </section>
  );
}

function ScreenshotRow({
  shot,
  maxPosition,
  pageTitle,
}: {
  shot: ScreenshotRecord;
  maxPosition: number;
  pageTitle: string;
}) {
  const revalidator = useRevalidator();
  const [position, setPosition] = useState(String(shot.position));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const what = shot.altText ?? `screenshot ${shot.id}`;

  async function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await workspaceFetch(`/screenshots/${shot.id}/move`, {
        body: { json: { position: Number(position) } },
      });
      setError("");
      toast({ variant: "success", title: `Moved to position ${position}` });
      await revalidator.revalidate();
    } catch (caught) {
      setError(
        caught instanceof WorkspaceApiError
          ? (caught.fieldErrors.position ?? caught.message)
          : messageOf(caught),
      );
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    try {
      await workspaceFetch(`/screenshots/${shot.id}`, { method: "DELETE" });
      toast({ variant: "success", title: "Screenshot removed" });
      await revalidator.revalidate();
    } catch (caught) {
      toast({ title: "Could not remove it", description: messageOf(caught) });
    }
  }

  return (
    <li className="flex flex-wrap items-start gap-4 rounded-card border border-line bg-surface p-4">
      <img
        src={shot.imageUrl}
        width={shot.width}
        height={shot.height}
        alt={shot.altText ?? ""}
        className="h-24 w-auto rounded-control border border-line object-contain"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-medium text-ink">Position {shot.position}</p>
        <p className="text-ink-soft">{shot.altText ?? "No alt text"}</p>
        <form onSubmit={(event) => void move(event)} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="w-32">
            <TextField
              label="Position"
              name="position"
              type="number"
              min={1}
              max={maxPosition}
              value={position}
              onChange={(event) => setPosition(event.target.value)}
              aria-label={`Position of “${what}” on ${pageTitle}`}
              error={error}
              required
            />
          </div>
          <Button type="submit" variant="secondary" busy={busy} aria-label={`Move “${what}”`}>
            Move
          </Button>
          <ConfirmButton
            label="Remove"
            accessibleLabel={`Remove “${what}”`}
            title="Remove this screenshot?"
            confirmLabel="Remove screenshot"
            onConfirm={remove}
          >
            {pageTitle} shows its built-in image at position {shot.position} again.
          </ConfirmButton>
        </form>
      </div>
    </li>
  );
}

function UploadForm({
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
      <TextField
        label="Alt text"
        name="alt"
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
        description="What the screenshot shows, for people who cannot see it."
        error={errors.alt}
        required
      />
      <TextField
        label="Position"
        name="position"
        type="number"
        min={1}
        max={maxPosition}
        value={position}
        onChange={(event) => setPosition(event.target.value)}
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
