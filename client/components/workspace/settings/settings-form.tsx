/**
 * The site settings form: every field with its own message, saved whole, with "Confirm it's
 * you" for the inbox. A field the member's role may not change (decision 068) is shown
 * read-only with the sentence that says who may, and is sent back as it was.
 */
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import {
  settingsFields,
  type EditableSettings,
  type SettingsFieldSpec,
  type SettingsKey,
} from "#shared/site-settings-fields.ts";
import { saveWhole, WholeForm } from "./save-whole";

const groups: { id: SettingsFieldSpec["group"]; title: string }[] = [
  { id: "brand", title: "Brand and contact" },
  { id: "address", title: "Street address" },
  { id: "links", title: "Map and LinkedIn" },
  { id: "inbox", title: "Agency inbox" },
  { id: "meetings", title: "Meetings" },
];

const inputType: Record<SettingsFieldSpec["kind"], string> = {
  text: "text",
  email: "email",
  phone: "tel",
  url: "url",
  place: "text",
};

const autoComplete: Partial<Record<SettingsFieldSpec["key"], string>> = {
  brandName: "organization",
  street: "address-line1",
  city: "address-level2",
  region: "address-level1",
  postalCode: "postal-code",
};

/** What a field says under it: its hint, the phone's dial form, or who may change it. */
function descriptionOf(field: SettingsFieldSpec, settings: EditableSettings, locked: string | undefined) {
  if (locked) return locked;
  if (field.key === "phone") return `${field.hint ?? ""} Dialled as ${settings.phoneDial}.`;
  return field.hint;
}

export function SettingsForm({
  settings,
  locked,
  onSaved,
}: {
  settings: EditableSettings;
  /** The fields this member may not change, each with the sentence that says who may. */
  locked: Partial<Record<SettingsKey, string>>;
  onSaved: (settings: EditableSettings) => void;
}) {
  const save = useFormSave(
    async (data) => {
      const sent = Object.fromEntries(
        settingsFields.map((field) => [field.key, String(data.get(field.key) ?? "")]),
      );
      // The inbox needs "Confirm it's you" (decision 048).
      await saveWhole("/settings", "settings", sent, onSaved, {
        unchanged: "The settings are as they were.",
        title: "Settings saved",
        description: "Every page and e-mail uses them from now on.",
      });
    },
    {
      stepUp: true,
      refusal: (caught, fieldErrors) =>
        Object.keys(fieldErrors).length === 0
          ? apiMessage(caught)
          : "Some fields need changing; each says what is wrong.",
    },
  );

  const { fieldErrors: errors, busy } = save;
  return (
    <WholeForm stored={settings} label="Site settings" className="max-w-2xl space-y-10" save={save}>
      {groups.map((group) => (
        <fieldset key={group.id} className="space-y-4">
          <legend className="mb-2 text-xl font-bold text-ink">{group.title}</legend>
          {settingsFields
            .filter((field) => field.group === group.id)
            .map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                name={field.key}
                type={inputType[field.kind]}
                autoComplete={autoComplete[field.key] ?? "off"}
                defaultValue={settings[field.key]}
                // A read-only value is the stored one: nothing to count against its limit.
                limit={locked[field.key] ? undefined : field.max}
                readOnly={locked[field.key] !== undefined}
                className="read-only:bg-muted"
                description={descriptionOf(field, settings, locked[field.key])}
                required
                error={errors[field.key]}
              />
            ))}
        </fieldset>
      ))}
      <Button type="submit" busy={busy}>
        Save settings
      </Button>
    </WholeForm>
  );
}
