import {
  useId,
  useState,
  type ChangeEvent,
  type Ref,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { SelectOptions } from "#client/components/ui/select-options.tsx";

/**
 * Form fields with their label, an optional description under it and the inline error
 * the API gave (`WorkspaceApiError.fieldErrors[name]`). The control points at both with
 * aria-describedby and is aria-invalid while it has an error. Every other prop goes to the
 * control (name, type, autoComplete, required, defaultValue, onChange…).
 *
 *   <TextField label="E-mail address" name="email" type="email" autoComplete="email"
 *     required error={errors.email} />
 *   <SelectField label="Role" name="role" options={[{value:"editor", label:"Editor"}]} />
 *   <TextAreaField label="Note" name="note" description="Only staff see it." />
 */
type FieldOwnProps = { label: string; description?: ReactNode; error?: string };

/**
 * The most characters a field takes, shown as a count while typing ("12 of 60 characters",
 * "3 characters too many"): never a maxLength, which would cut pasted text without a word;
 * the save refuses what is over, with a sentence.
 */
type LimitProps = { limit?: number };

export const controlClass =
  "mt-1 block min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-ink focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-danger";

/**
 * One field's frame props and the attributes its control takes: an id (the given one or a
 * generated one), aria-describedby naming the description and error shown, aria-invalid
 * while there is an error, and the control's classes; `rest`, the props the control takes as
 * they are.
 */
function useField<
  Props extends FieldOwnProps & LimitProps & { id?: string; className?: string; required?: boolean },
>(props: Props, required: boolean | undefined = props.required) {
  const { id, label, description, error, className, limit, ...rest } = props;
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = [
    description ? `${controlId}-description` : "",
    limit ? `${controlId}-count` : "",
    error ? `${controlId}-error` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    frame: { controlId, label, description, error, required, limit },
    control: {
      id: controlId,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy || undefined,
      className: className ? `${controlClass} ${className}` : controlClass,
    },
    rest,
  };
}

function FieldFrame({
  controlId,
  label,
  description,
  error,
  required,
  limit,
  length = 0,
  children,
}: FieldOwnProps & {
  controlId: string;
  required?: boolean;
  limit?: number;
  length?: number;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={controlId} className="block font-medium text-ink">
        {label}
        {required ? null : <span className="font-normal text-ink-soft"> (optional)</span>}
      </label>
      {description ? (
        <p id={`${controlId}-description`} className="text-sm text-ink-soft">
          {description}
        </p>
      ) : null}
      {children}
      {limit ? <CharacterCount id={`${controlId}-count`} limit={limit} length={length} /> : null}
      {/* role=alert: an error the API gave is read out as it appears. */}
      {error ? (
        <p id={`${controlId}-error`} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "12 of 60 characters"; over the limit, "3 characters too many" in the error colour. */
function CharacterCount({ id, limit, length }: { id: string; limit: number; length: number }) {
  const over = length - limit;
  return (
    <p id={id} className={`mt-1 text-sm ${over > 0 ? "font-medium text-danger" : "text-ink-soft"}`}>
      {over > 0
        ? `${over.toLocaleString("en-ZA")} ${over === 1 ? "character" : "characters"} too many: at most ${limit.toLocaleString("en-ZA")}`
        : `${length.toLocaleString("en-ZA")} of ${limit.toLocaleString("en-ZA")} characters`}
    </p>
  );
}

/** How long a control's text is now: its value when controlled, else what was typed. */
function useLength<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: unknown,
  defaultValue: unknown,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  const [typed, setTyped] = useState(() => String(defaultValue ?? "").length);
  const length = value === undefined ? typed : String(value).length;
  const track = (event: ChangeEvent<E>) => {
    setTyped(event.target.value.length);
    onChange?.(event);
  };
  return { length, onChange: track };
}

/**
 * A tick box that acts at once (no form to send), with its sentence beneath. The label holds
 * the box, so the whole line is the 44 px target on a phone.
 */
export function CheckboxField({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="text-ink">
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-brand"
          aria-describedby={`${id}-description`}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      <p id={`${id}-description`} className="ml-8 max-w-prose text-sm text-ink-soft">
        {description}
      </p>
    </div>
  );
}

export function TextField(
  props: FieldOwnProps & LimitProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> },
) {
  // A read-only field (an address to copy) has nothing to fill in, so is not "optional".
  const { frame, control, rest: input } = useField(props, props.required || props.readOnly);
  const counted = useLength(input.value, input.defaultValue, input.onChange);
  return (
    <FieldFrame {...frame} length={counted.length}>
      <input {...control} {...input} onChange={counted.onChange} />
    </FieldFrame>
  );
}

/** The staff member's own password, which the browser's password manager fills in. */
export function CurrentPasswordField(props: FieldOwnProps & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField type="password" autoComplete="current-password" required {...props} />;
}

export type SelectOption = { value: string; label: string };

export function SelectField(
  props: FieldOwnProps & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[] },
) {
  const { frame, control, rest } = useField(props);
  const { options, ...select } = rest;
  return (
    <FieldFrame {...frame}>
      <select {...control} {...select}>
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}

export function TextAreaField(
  props: FieldOwnProps & LimitProps & TextareaHTMLAttributes<HTMLTextAreaElement>,
) {
  const { frame, control, rest: textarea } = useField(props);
  const counted = useLength(textarea.value, textarea.defaultValue, textarea.onChange);
  return (
    <FieldFrame {...frame} length={counted.length}>
      <textarea {...control} rows={textarea.rows ?? 6} {...textarea} onChange={counted.onChange} />
    </FieldFrame>
  );
}

/** The image types the upload pipeline takes (server/operations/images/images.ts sniffs the bytes again). */
const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/avif";

/**
 * An image to upload, with its label, limits and the API's inline error. Marked required
 * in its label only: the upload button, not the browser, says when a file is missing.
 *
 *   <ImageFileField label="Image file" description="PNG, JPEG, WebP or AVIF, at most 10 MB."
 *     error={errors.file} onFile={setFile} />
 */
export function ImageFileField({
  id,
  name,
  label,
  description,
  error,
  onFile,
}: FieldOwnProps & {
  id?: string;
  /** The name the API's field errors use for it, so an error summary can link to it. */
  name?: string;
  onFile: (file: File | null) => void;
}) {
  const field = useField({ id, label, description, error }, true);
  return (
    <FieldFrame {...field.frame}>
      <input
        {...field.control}
        name={name}
        type="file"
        accept={IMAGE_TYPES}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
    </FieldFrame>
  );
}
