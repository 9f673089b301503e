import type { ReactNode } from "react";

/**
 * A workspace page's heading: its one <h1>, a line saying what the page is for, and the
 * page's main actions on the right.
 *
 *   <PageHeader title="Users" description="Who can sign in, and with which role."
 *     actions={<ButtonLink href="#invite">Invite</ButtonLink>} />
 */
export type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4 border-b border-line pb-6">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-2 max-w-prose text-ink-soft">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
    </div>
  );
}
