/** The overview's "Your workspace": a link to each part the role opens, and to nothing else (decision 068). */
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { mayUse, type StaffRole, type WorkspaceArea } from "#shared/staff-roles.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

/** `text` may depend on the role, when a part shows each role only what it may change. */
type Destination = {
  title: string;
  href: string;
  area: WorkspaceArea;
  text: string | ((role: StaffRole) => string);
};

const destinations: readonly Destination[] = [
  {
    title: "Insights",
    href: staffPaths.insights,
    area: "account",
    text: "Visits, the pages and campaigns they came by, and the leads they became.",
  },
  {
    title: "Leads and appointments",
    href: staffPaths.leads,
    area: "leads",
    text: "Read new enquiries first, update their status and notes, export CSV.",
  },
  {
    title: "Meetings",
    href: staffPaths.meetings,
    area: "leads",
    text: "The meetings agreed with visitors, by day, today's first.",
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
  {
    title: "Pages",
    href: staffPaths.pages,
    area: "content",
    text: "The words on every page: headlines, cards, lists and calls to action.",
  },
  {
    title: "Search snippets",
    href: staffPaths.snippets,
    area: "content",
    text: "How each page looks in search results and when its link is shared.",
  },
  { title: "Users", href: staffPaths.users, area: "users", text: "Invite staff, change who can sign in." },
  {
    title: "Audit log",
    href: staffPaths.audit,
    area: "users",
    text: "Every change made here or with the command line.",
  },
  {
    title: "Site settings",
    href: staffPaths.settings,
    area: "contact",
    text: (role) =>
      mayUse(role, "settings")
        ? "The brand name, contact details and map on every page, and where leads' e-mails go."
        : "The phone number, street address, LinkedIn page and map on every page.",
  },
  {
    title: "Your account",
    href: staffPaths.account,
    area: "account",
    text: "Passkeys, recovery codes, signing out everywhere.",
  },
];

export function WorkspaceParts({ role }: { role: StaffRole }) {
  const mine = destinations.filter((destination) => mayUse(role, destination.area));
  return (
    <TitledSection id="workspace-parts" title="Your workspace">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {mine.map((destination) => (
          <li key={destination.href}>
            <a
              href={destination.href}
              className="block h-full rounded-card border border-line bg-surface p-5 hover:border-brand"
            >
              <span className="text-lg font-bold text-ink">{destination.title}</span>
              <span className="mt-1 block text-ink-soft">
                {typeof destination.text === "string" ? destination.text : destination.text(role)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
