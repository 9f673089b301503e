import type { ReactNode } from "react";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { VISIT_PARAM } from "#shared/visit-source.ts";
import { formLimits, phoneNumberHint, type Option } from "#shared/forms/rules.ts";
import { SelectOptions } from "#client/components/ui/select-options.tsx";

type FieldBase = {
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  defaultValue?: string;
  /** Clears this field's error as soon as the visitor edits it (requirements §4). */
  onEdit?: () => void;
  hint?: string;
  /**
   * A line under the control that follows what is chosen (the booking form's "is this time
   * free"): a polite live region, there from the first render so changes are announced.
   * Undefined: none.
   */
  status?: string;
};

const controlClass =
  "mt-1 block w-full rounded-control border bg-surface px-3 py-2.5 text-base text-ink shadow-card focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-danger";

function FieldFrame({
  name,
  label,
  error,
  required,
  hint,
  status,
  children,
}: FieldBase & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className="block font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-ink-soft"> (optional)</span>
        )}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {children}
      {status !== undefined ? (
        <p id={`${name}-status`} aria-live="polite" className="mt-1 text-sm text-ink-soft">
          {status}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every control shares: its name, value, error state and descriptions. */
function controlProps({ name, error, required, defaultValue, onEdit, hint, status }: FieldBase) {
  return {
    id: name,
    name,
    defaultValue,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [hint ? `${name}-hint` : "", status ? `${name}-status` : "", error ? `${name}-error` : ""]
        .filter(Boolean)
        .join(" ") || undefined,
    onChange: () => onEdit?.(),
    className: `${controlClass} ${error ? "border-danger" : "border-line-strong"}`,
  };
}

/**
 * A form's state as its fields need it. Fields are bound by `Name`, the keys of the form's
 * schema (`keyof z.input<typeof schema>`), so a misspelt field name fails the type check.
 */
export type FormBinding<Name extends string> = {
  /**
   * The message beside each field (the short one for a failed format, requirements §5); any name,
   * as the server may also refuse fields the form does not have.
   */
  errors: Readonly<Record<string, string>>;
  /** What the visitor entered, from a page that answered a post without JavaScript. */
  values: Readonly<Partial<Record<string, string>>>;
  clearError: (name: Name) => void;
};

/** The props that tie one field to its form. */
export type BoundField<Name extends string> = {
  name: Name;
  label: string;
  error: string | undefined;
  defaultValue: string | undefined;
  onEdit: () => void;
};

/** The props that tie one field to its form: name, label, error, entered value, error clearing. */
export function bindField<Name extends string>(
  binding: FormBinding<Name>,
  name: Name,
  label: string,
): BoundField<Name> {
  return {
    name,
    label,
    error: binding.errors[name],
    defaultValue: binding.values[name],
    onEdit: () => binding.clearError(name),
  };
}

export function TextField(
  props: FieldBase & { type?: "text" | "email" | "tel"; autoComplete?: string; maxLength?: number },
) {
  const { type = "text", autoComplete, maxLength } = props;
  return (
    <FieldFrame {...props}>
      <input {...controlProps(props)} type={type} autoComplete={autoComplete} maxLength={maxLength} />
    </FieldFrame>
  );
}

/** An e-mail address: the browser may fill it in, and it keeps to the forms' length limit. */
export function EmailField(props: FieldBase) {
  return <TextField {...props} type="email" autoComplete="email" maxLength={formLimits.emailMax} />;
}

/** A phone number, with the hint on how to write it. */
export function PhoneField(props: FieldBase) {
  return (
    <TextField
      {...props}
      type="tel"
      autoComplete="tel"
      maxLength={formLimits.phoneInputMax}
      hint={phoneNumberHint}
    />
  );
}

export function TextAreaField(props: FieldBase & { rows?: number; maxLength?: number }) {
  const { rows = 5, maxLength } = props;
  return (
    <FieldFrame {...props}>
      <textarea {...controlProps(props)} rows={rows} maxLength={maxLength} />
    </FieldFrame>
  );
}

export function SelectField(
  props: FieldBase & { options: readonly (Option & { disabled?: boolean })[]; placeholder: string },
) {
  const { options, placeholder } = props;
  return (
    <FieldFrame {...props}>
      <select {...controlProps(props)} defaultValue={props.defaultValue ?? ""}>
        <option value="">{placeholder}</option>
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}

/**
 * The bot traps of shared/forms/bot-guard.ts: a field people never see (bots fill
 * it in) and the time the form was served, signed by the server.
 */
export function BotGuardFields({ formToken }: { formToken: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={botGuardFields.honeypot}>Leave this field empty</label>
        <input
          id={botGuardFields.honeypot}
          name={botGuardFields.honeypot}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <input type="hidden" name={botGuardFields.startedAt} value={formToken} />
    </>
  );
}

/**
 * Where the visit came from (docs/decisions/045-lead-attribution.md): empty as the
 * server renders it, filled in by the site script from the page's address. It has no
 * value for React to manage, so hydration leaves what the script wrote.
 */
export function VisitField() {
  return <input type="hidden" name={VISIT_PARAM} />;
}

/**
 * Without JavaScript there are no toasts: the page says it in place, and screen readers
 * hear it. It is only ever rendered in the page that answers a posted form, which the
 * browser opens at the top; autofocus takes the visitor back down to the outcome, as an
 * error summary does (scroll-padding keeps it clear of the sticky header).
 */
export function FormAlert({
  tone,
  title,
  children,
}: {
  tone: "error" | "success";
  title: string;
  children?: ReactNode;
}) {
  const colours =
    tone === "error"
      ? "bg-danger-soft text-danger ring-danger/30"
      : "bg-success-soft text-success ring-success/30";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- see above: the visitor asked for this result
      autoFocus
      className={`rounded-control p-4 ring-1 focus:outline-none ${colours}`}
    >
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-1">{children}</p> : null}
    </div>
  );
}
