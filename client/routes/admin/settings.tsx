import { useState } from "react";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { StepUpProvider } from "#client/components/workspace/account/step-up-dialog.tsx";
import { SettingsForm } from "#client/components/workspace/settings/settings-form.tsx";
import {
  AvailabilityForm,
  type AvailabilityRuleValues,
} from "#client/components/workspace/settings/availability-form.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { EditableSettings } from "#shared/site-settings-fields.ts";
import { historyPath } from "#shared/staff-paths.ts";
import type { Route } from "./+types/settings";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Site settings");
export const handle = workspaceHandle;

export async function clientLoader() {
  const [{ settings }, { rules }] = await Promise.all([
    workspaceFetch<{ settings: EditableSettings }>("/settings"),
    workspaceFetch<{ rules: AvailabilityRuleValues }>("/availability"),
  ]);
  return { settings, rules };
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
  const [rules, setRules] = useState(loaderData.rules);
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
      <TitledSection id="booking-calendar" title="Booking calendar" className="mt-12 space-y-4">
        <p className="max-w-2xl text-ink-soft">
          When visitors can book a meeting: the booking form keeps its usual times on the next two weeks’
          weekdays, and offers those these rules leave free.
        </p>
        <AvailabilityForm rules={rules} onSaved={setRules} />
      </TitledSection>
    </>
  );
}
