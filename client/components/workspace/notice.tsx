import type { ReactNode } from "react";

/**
 * A message in the page's flow (not a toast): an error from the API beside the form it
 * belongs to, a warning, a confirmation that stays. `danger` notices are role=alert (read
 * out at once when they appear); the others role=status. Render the element always and
 * fill it, or render it with its first message: both are announced.
 *
 *   <Notice tone="danger">{error}</Notice>
 *   <Notice tone="success" title="Invitation sent">It expires in 24 hours.</Notice>
 */
export type NoticeTone = "info" | "success" | "warning" | "danger";

const tones: Record<NoticeTone, string> = {
  info: "border-ocean bg-ocean-soft text-ink",
  success: "border-success bg-success-soft text-ink",
  warning: "border-warning bg-warning-soft text-ink",
  danger: "border-danger bg-danger-soft text-ink",
};

export function Notice({
  tone = "info",
  title,
  children,
  className = "",
}: {
  tone?: NoticeTone;
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={`rounded-control border-l-4 p-4 ${tones[tone]} ${className}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? "mt-1" : ""}>{children}</div>
    </div>
  );
}
