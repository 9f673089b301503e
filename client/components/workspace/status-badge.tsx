import type { ReactNode } from "react";

/**
 * A short state in a table cell or beside a title: "Active", "Invited", "Disabled",
 * "Draft", "Unread". The tone carries the meaning in colour; the words carry it for
 * everyone.
 *
 *   <StatusBadge tone="success">Active</StatusBadge>
 */
export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "brand" | "info";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-muted text-ink",
  success: "bg-success-soft text-success",
  warning: "bg-warning-soft text-warning",
  danger: "bg-danger-soft text-danger",
  brand: "bg-brand-soft text-on-brand-soft",
  info: "bg-ocean-soft text-ocean",
};

export function StatusBadge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
