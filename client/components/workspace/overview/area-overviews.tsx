/** The overview's content and users areas: what editors and admins have waiting. */
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
