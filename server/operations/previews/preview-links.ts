import { createPreviewToken, hashPreviewToken, PREVIEW_PARAMETER } from "#server/auth/preview-links.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import {
  findPreviewLink,
  insertPreviewLink,
  listLivePreviewLinks,
  markPreviewLinkRevoked,
  type PreviewLinkRecord,
} from "#server/db/preview-links.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, notFound, refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import { isContentKind } from "#shared/content-fields.ts";
import { copyTarget, isCopyPageName } from "#shared/copy/copy-pages.ts";
import type { PreviewLinkView } from "#shared/preview-links.ts";

/**
 * Preview links for the workspace and the admin CLI alike
 * (docs/decisions/050-stored-preview-links.md): made of what an item or a page's draft is
 * now, listed with who made them and until when, revoked by id; making and revoking are
 * audited as the subject's own changes (content.… or copy.…), with the link's id and
 * expiry, never its token.
 */
export type PreviewContext = Pick<OperationContext, "db" | "actor" | "now">;

/** What a link shows: its target, its page's path, and the document it is pinned to. */
export type PreviewSubject = { target: string; path: string; document: unknown };

/** How the audit log names a target's area and subject: a page's copy by its page's name, an item by its target. */
function auditedAs(target: string): { area: "copy" | "content"; target: string } {
  return target.startsWith("page:")
    ? { area: "copy", target: target.slice("page:".length) }
    : { area: "content", target };
}

/**
 * Makes a link to `subject` that lasts `hours`, kept as its token's hash with the
 * document it shows, and audited in the same transaction. Answers the path with the
 * token: the only time anyone sees it.
 */
export async function makePreviewLink(
  ctx: PreviewContext,
  subject: PreviewSubject,
  hours: number,
): Promise<{ id: number; path: string; expiresAt: string }> {
  const now = ctx.now();
  const token = createPreviewToken();
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const audited = auditedAs(subject.target);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const made = await insertPreviewLink(
      trx,
      {
        tokenHash: hashPreviewToken(token),
        target: subject.target,
        document: subject.document,
        createdBy: ctx.actor.actor,
        expiresAt,
      },
      now,
    );
    await recordAudit(
      trx,
      {
        ...ctx.actor,
        action: `${audited.area}.preview-link`,
        target: audited.target,
        detail: { link: made, expiresAt: expiresAt.toISOString() },
      },
      now,
    );
    return made;
  });
  return { id, path: `${subject.path}?${PREVIEW_PARAMETER}=${token}`, expiresAt: expiresAt.toISOString() };
}

/** A preview target from what someone typed: "home" or "page:home" (a page's copy), "news/<id>". */
export function resolvePreviewTarget(name: string): Outcome<string> {
  if (isCopyPageName(name)) return succeeded(copyTarget(name));
  if (name.startsWith("page:") && isCopyPageName(name.slice("page:".length))) return succeeded(name);
  const [kind, id, ...rest] = name.split("/");
  if (kind && id && rest.length === 0 && isContentKind(kind)) return succeeded(name);
  return refuse(
    `unknown preview target ${name}: a page (home, page:home) or an item (news/<id>, case-studies/<id>)`,
  );
}

const viewOf = ({ id, target, createdAt, createdBy, expiresAt }: PreviewLinkRecord): PreviewLinkView => ({
  id,
  target,
  createdAt,
  createdBy,
  expiresAt,
});

/** The links that still open, of one target or of all, newest first. */
export async function listPreviewLinks(
  ctx: PreviewContext,
  target: string | undefined,
): Promise<Outcome<PreviewLinkView[]>> {
  const now = ctx.now();
  if (target === undefined) return succeeded((await listLivePreviewLinks(ctx.db, now)).map(viewOf));
  const resolved = resolvePreviewTarget(target);
  if (!resolved.ok) return resolved;
  return succeeded((await listLivePreviewLinks(ctx.db, now, resolved.value)).map(viewOf));
}

/** Revokes one link: from the next request it shows what an unknown token shows. */
export async function revokePreviewLink(
  ctx: PreviewContext,
  idText: string,
): Promise<Outcome<PreviewLinkView>> {
  const now = ctx.now();
  const id = Number(idText);
  if (!/^\d{1,15}$/.test(idText) || !Number.isSafeInteger(id)) return notFound(`no preview link ${idText}`);
  const link = await findPreviewLink(ctx.db, id);
  if (!link) return notFound(`no preview link ${idText}`);
  const audited = auditedAs(link.target);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markPreviewLinkRevoked(trx, id, ctx.actor.actor, now))) return false;
    await recordAudit(
      trx,
      {
        ...ctx.actor,
        action: `${audited.area}.preview-revoke`,
        target: audited.target,
        detail: { link: id, expiresAt: link.expiresAt },
      },
      now,
    );
    return true;
  });
  if (!revoked) return failed("conflict", `preview link ${id} was revoked already`);
  return succeeded(viewOf(link));
}
