import type { ReactNode } from "react";

/**
 * What a list shows when it has nothing in it: one sentence saying so, and what to do
 * next if there is something (a button or link as `action`).
 *
 *   <EmptyState title="No leads match these filters." action={<ButtonLink href="?">Clear filters</ButtonLink>} />
 */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-card border border-dashed border-line-strong bg-surface p-8 text-center">
      <p className="font-semibold text-ink">{title}</p>
      {children ? <div className="mt-2 text-ink-soft">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
