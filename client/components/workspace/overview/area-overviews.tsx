/** The overview's content and users areas: what editors and admins have waiting (pages and snippets too, decision 068). */
import { contentKindSpecs, isContentKind } from "#shared/content-fields.ts";
import { overviewLinks, type ContentOverview, type UsersOverview } from "#shared/staff-overview.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { CountTiles } from "./count-tiles";

export function ContentOverviewSection({ overview }: { overview: ContentOverview }) {
  return (
    <TitledSection id="content-overview" title="Content">
      <CountTiles
        label="Drafts by kind of content"
        tiles={overview.kinds.map(({ kind, drafts, published }) => {
          const spec = isContentKind(kind) ? contentKindSpecs[kind] : undefined;
          return {
            count: drafts,
            label: `${drafts === 1 ? "draft" : "drafts"} in ${spec?.many ?? kind}`,
            hint: `${published} published`,
            href: overviewLinks.content(kind),
          };
        })}
      />
      <div className="mt-3">
        <CountTiles
          label="Pages and search snippets"
          tiles={[
            {
              count: overview.pages.drafts,
              label: overview.pages.drafts === 1 ? "page with a draft" : "pages with a draft",
              hint: `Not yet published, of ${overview.pages.total} pages`,
              href: overviewLinks.pages,
            },
            {
              count: overview.snippets.own,
              label: overview.snippets.own === 1 ? "search snippet written" : "search snippets written",
              hint: `Of ${overview.snippets.total} pages; the rest show their own`,
              href: overviewLinks.snippets,
            },
          ]}
        />
      </div>
    </TitledSection>
  );
}

export function UsersOverviewSection({ overview }: { overview: UsersOverview }) {
  const count = overview.pendingInvitations;
  return (
    <TitledSection id="users-overview" title="Staff">
      <CountTiles
        label="Staff accounts"
        tiles={[
          {
            count,
            label: count === 1 ? "invitation waiting" : "invitations waiting",
            hint: "Not yet accepted",
            href: overviewLinks.users,
          },
        ]}
      />
    </TitledSection>
  );
}
