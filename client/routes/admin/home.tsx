import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { mayUse, type WorkspaceArea } from "#shared/staff-roles.ts";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useStaff } from "#client/components/workspace/use-staff.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";

export const meta = () => workspaceMeta("Overview");
export const handle = workspaceHandle;

type Destination = { title: string; href: string; area: WorkspaceArea; text: string };

const destinations: readonly Destination[] = [
  {
    title: "Leads and appointments",
    href: staffPaths.leads,
    area: "leads",
    text: "Read new enquiries first, update their status and notes, export CSV.",
  },
  {
    title: "Notifications",
    href: staffPaths.notifications,
    area: "leads",
    text: "E-mails that could not be delivered, and sending them again.",
  },
  {
    title: "Projects",
    href: staffPath(staffPaths.content, { kind: "projects" }),
    area: "content",
    text: "The portfolio: add, edit, reorder and publish projects.",
  },
  {
    title: "News",
    href: staffPath(staffPaths.content, { kind: "news" }),
    area: "content",
    text: "Write and publish articles.",
  },
  {
    title: "Case studies",
    href: staffPath(staffPaths.content, { kind: "case-studies" }),
    area: "content",
    text: "Longer stories of finished work.",
  },
  {
    title: "Screenshots",
    href: staffPaths.screenshots,
    area: "content",
    text: "The images on the service pages.",
  },
  { title: "Users", href: staffPaths.users, area: "users", text: "Invite staff, change who can sign in." },
  {
    title: "Audit log",
    href: staffPaths.audit,
    area: "users",
    text: "Every change made here or with the command line.",
  },
  {
    title: "Your account",
    href: staffPaths.account,
    area: "account",
    text: "Passkeys, recovery codes, signing out everywhere.",
  },
];

/** Where a member of staff starts: the parts of the workspace their role gives them. */
export default function WorkspaceHome() {
  const { email, role } = useStaff();
  const mine = destinations.filter((destination) => mayUse(role, destination.area));
  return (
    <>
      <PageHeader title="Overview" description={`Signed in as ${email}, with the ${role} role.`} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {mine.map((destination) => (
          <li key={destination.href}>
            <a
              href={destination.href}
              className="block h-full rounded-card border border-line bg-surface p-5 hover:border-brand"
            >
              <span className="text-lg font-bold text-ink">{destination.title}</span>
              <span className="mt-1 block text-ink-soft">{destination.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
