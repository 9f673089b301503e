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
import { useStaff, type SignedInStaff } from "#client/components/workspace/use-staff.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { settingsLockedFor } from "#shared/site-settings-access.ts";
import type { EditableSettings } from "#shared/site-settings-fields.ts";
import { historyPath } from "#shared/staff-paths.ts";
import { mayUse } from "#shared/staff-roles.ts";
import type { Route } from "./+types/settings";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Site settings");
export const handle = workspaceHandle;

export async function clientLoader() {
  const [{ settings, contactEmailSends }, { role }] = await Promise.all([
    workspaceFetch<{ settings: EditableSettings; contactEmailSends: boolean }>("/settings"),
    workspaceFetch<Pick<SignedInStaff, "role">>("/session"),
  ]);
  // The booking calendar's rules are admins' (decision 060): nobody else asks for them.
  const rules = mayUse(role, "settings")
    ? (await workspaceFetch<{ rules: AvailabilityRuleValues }>("/availability")).rules
    : null;
  return { settings, contactEmailSends, rules };
}
clientLoader.hydrate = true as const;

const description =
  "The brand name and contact details every page, the search engines' structured data and the e-mails show, and where leads' e-mails go.";

const contactDescription =
  "The phone number, street address, LinkedIn page and map every page and the search engines’ structured data show. The rest is an admin’s to change.";

export function HydrateFallback() {
  return <PageHeader title="Site settings" description={description} />;
}

/** Editors and admins: each may change the fields their role is given (decision 068). */
export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { role } = useStaff();
  const [settings, setSettings] = useState(loaderData.settings);
  const [rules, setRules] = useState(loaderData.rules);
  const locked = settingsLockedFor(role, { contactEmailSends: loaderData.contactEmailSends });
  const everything = Object.keys(locked).length === 0;
  return (
    <>
      <PageHeader
        title="Site settings"
        description={everything ? description : contactDescription}
        actions={<ButtonLink href={historyPath("settings")}>History and restore</ButtonLink>}
      />
      <StepUpProvider>
        <SettingsForm settings={settings} locked={locked} onSaved={setSettings} />
      </StepUpProvider>
      {rules ? (
        <TitledSection id="booking-calendar" title="Booking calendar" className="mt-12 space-y-4">
          <p className="max-w-2xl text-ink-soft">
            When visitors can book a meeting: the booking form keeps its usual times on the next two weeks’
            weekdays, and offers those these rules leave free.
          </p>
          <AvailabilityForm rules={rules} onSaved={setRules} />
        </TitledSection>
      ) : null}
    </>
  );
}
