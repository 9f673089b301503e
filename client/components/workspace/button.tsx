import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";

/**
 * The workspace's buttons. `primary` for the page's main action, `secondary` for the
 * rest, `danger` for what removes or locks out, `quiet` for small actions in a table row.
 * `busy` disables the button and says so while its request runs.
 *
 *   <Button type="submit" busy={sending}>Send invitation</Button>
 *   <Button variant="danger" onClick={remove}>Remove</Button>
 *   <ButtonLink href={staffPaths.account}>Your account</ButtonLink>
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "quiet";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 py-2 text-base font-semibold disabled:cursor-not-allowed disabled:opacity-70";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-on-brand hover:bg-brand-strong",
  secondary: "border border-line-strong bg-surface text-ink hover:bg-muted",
  danger: "border border-danger bg-surface text-danger hover:bg-danger-soft",
  quiet: "min-h-9 px-3 py-1 text-sm text-brand underline-offset-4 hover:underline",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  busy?: boolean;
};

export function Button({ variant = "primary", busy = false, className = "", type, ...rest }: ButtonProps) {
  return (
    <button
      // A button in a form submits only when it says so.
      type={type ?? "button"}
      {...rest}
      disabled={busy || rest.disabled}
      aria-busy={busy || undefined}
      className={buttonClass(variant, className)}
    />
  );
}

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant };

/** A link that looks like a button: navigation stays a link (a page load, decision 019). */
export function ButtonLink({ variant = "secondary", className = "", children, ...rest }: ButtonLinkProps) {
  return (
    <a {...rest} className={buttonClass(variant, className)}>
      {children}
    </a>
  );
}
