import type { ReactNode } from "react";
import { botGuardFields } from "../../../shared/forms/bot-guard";
import type { Option } from "../../../shared/forms/rules";

type FieldBase = {
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  defaultValue?: string;
  /** Clears this field's error as soon as the visitor edits it (SPEC §4). */
  onEdit?: (name: string) => void;
  hint?: string;
};

const controlClass =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-red-700";

function FieldFrame({ name, label, error, required, hint, children }: FieldBase & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className="block font-medium text-slate-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (optional)</span>
        )}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(name: string, error: string | undefined, hint: string | undefined) {
  return [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
}

export function TextField(
  props: FieldBase & { type?: "text" | "email" | "tel"; autoComplete?: string; maxLength?: number },
) {
  const { name, error, required, defaultValue, onEdit, type = "text", autoComplete, maxLength, hint } = props;
  return (
    <FieldFrame {...props}>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        onChange={() => onEdit?.(name)}
        className={`${controlClass} ${error ? "border-red-700" : "border-slate-400"}`}
      />
    </FieldFrame>
  );
}

export function TextAreaField(props: FieldBase & { rows?: number; maxLength?: number }) {
  const { name, error, required, defaultValue, onEdit, rows = 5, maxLength, hint } = props;
  return (
    <FieldFrame {...props}>
      <textarea
        id={name}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        onChange={() => onEdit?.(name)}
        className={`${controlClass} ${error ? "border-red-700" : "border-slate-400"}`}
      />
    </FieldFrame>
  );
}

export function SelectField(props: FieldBase & { options: readonly Option[]; placeholder: string }) {
  const { name, error, required, defaultValue, onEdit, options, placeholder, hint } = props;
  return (
    <FieldFrame {...props}>
      <select
        id={name}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        onChange={() => onEdit?.(name)}
        className={`${controlClass} ${error ? "border-red-700" : "border-slate-400"}`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * The bot traps of shared/forms/bot-guard.ts: a field people never see (bots fill
 * it in) and the time the form was served.
 */
export function BotGuardFields({ startedAt }: { startedAt: number }) {
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
      <input type="hidden" name={botGuardFields.startedAt} value={startedAt} />
    </>
  );
}

/** Without JavaScript there are no toasts: the page says it in place, and screen readers hear it. */
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
      ? "bg-red-50 text-red-900 ring-red-200"
      : "bg-emerald-50 text-emerald-900 ring-emerald-200";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg p-4 ring-1 ${colours}`}>
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-1">{children}</p> : null}
    </div>
  );
}
