import { useState } from "react";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { StepUpProvider } from "#client/components/workspace/account/step-up-dialog.tsx";
import { SettingsForm } from "#client/components/workspace/settings/settings-form.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { EditableSettings } from "#shared/site-settings-fields.ts";
import { historyPath } from "#shared/staff-paths.ts";
import type { Route } from "./+types/settings";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Site settings");
export const handle = workspaceHandle;

export async function clientLoader() {
  return workspaceFetch<{ settings: EditableSettings }>("/settings");
}
clientLoader.hydrate = true as const;

const description =
  "The brand name and contact details every page, the search engines' structured data and the e-mails show, and where leads' e-mails go.";

export function HydrateFallback() {
  return <PageHeader title="Site settings" description={description} />;
}

/** Admins only: the guard refuses other roles before this page loads. */
export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const [settings, setSettings] = useState(loaderData.settings);
  return (
    <>
      <PageHeader
        title="Site settings"
        description={description}
        actions={<ButtonLink href={historyPath("settings")}>History and restore</ButtonLink>}
      />
      <StepUpProvider>
        <SettingsForm settings={settings} onSaved={setSettings} />
      </StepUpProvider>
    </>
  );
}
