import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import express, { type Request, type Response, type Router } from "express";
import type { Kysely } from "kysely";
import { acceptInvitation, findInvitation } from "#server/auth/accounts.ts";
import { countFlowAttempt } from "#server/auth/flows.ts";
import { endFlow, readFlow, sendPasskeyOptions, startFlow } from "./flow-cookie";
import { authMessages } from "#server/auth/messages.ts";
import {
  authenticatePasskey,
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
} from "#server/auth/passkeys.ts";
import {
  dummyVerifyPassword,
  hashPassword,
  passwordProblem,
  upgradePasswordHash,
  verifyPassword,
} from "#server/auth/passwords.ts";
import { replaceRecoveryCodes, useRecoveryCode } from "#server/auth/recovery-codes.ts";
import { recordSignInFailure, type SignInStep } from "#server/auth/sign-in-attempts.ts";
import { clearSignInFailures, type SignInAttempt } from "#server/auth/sign-in-limits.ts";
import { checkTotp, newTotpSecret, totpEnrolment } from "#server/auth/totp.ts";
import { openFlowSecret, openTotpSecret } from "#server/auth/totp-secrets.ts";
import type { Database } from "#server/db/schema.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { claimTotpStep, selectAccountSecrets, setLastSignInAt } from "#server/db/staff-accounts.ts";
import { siteWordsNow, type WorkspaceDeps } from "./deps";
import { requireStaff, signedIn } from "./guard";
import { createSession, deleteExpiredSessions, endSession } from "#server/auth/sessions.ts";
import { readWorkspaceCookie, SESSION_COOKIE, setSessionCookie } from "./session-cookie";
import { noticeIfNewBrowser } from "./new-browser-notice";
import { refuseIfSlowed as refuseSlowedAttempt } from "./slowed-attempts";
import { requireFreshProof } from "./step-up";
import { ownAccountChange, recordOwnChange } from "./own-account-change";
import { hashToken } from "#server/auth/tokens.ts";

const ipOf = (req: Request) => req.ip ?? "unknown";
const text = (value: unknown) => (typeof value === "string" ? value : "");
const refuse = (res: Response, status: number, error: string) => void res.status(status).json({ error });

/** A passkey's name: given, and at most 60 characters. */
const passkeyNameOf = (value: unknown): string | undefined => {
  const name = text(value).trim();
  return name && name.length <= 60 ? name : undefined;
};
const refuseName = (res: Response) =>
  void res
    .status(400)
    .json({ error: authMessages.passkeyName, fieldErrors: { name: authMessages.passkeyName } });

/**
 * What every group of auth routes shares: the clock, the relying party, the enabled
 * account behind an id, and the last step of every sign-in.
 */
type AuthDoor = ReturnType<typeof authDoor>;

function authDoor(deps: WorkspaceDeps) {
  const { db, config, totpSecrets } = deps;
  const { now } = deps;
  const rp = relyingParty(config.settings.siteUrl, `${config.settings.brandName} workspace`);
  const siteUrl = config.settings.siteUrl;

  const refuseIfSlowed = (res: Response, attempt: SignInAttempt, step: SignInStep) =>
    refuseSlowedAttempt(db, res, attempt, step, now());

  /**
   * The last step of every sign-in: a new session with a new token, in the transaction
   * that records it. Whatever session cookie the browser brought is ended, never kept,
   * so a planted one cannot become signed in (session fixation).
   */
  async function finishSignIn(
    req: Request,
    res: Response,
    user: { id: number; email: string },
    method: string,
    alsoInTransaction?: (trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<boolean> {
    const at = now();
    const client = { ip: ipOf(req), userAgent: req.get("user-agent") };
    const session = await db.transaction().execute(async (trx) => {
      if (alsoInTransaction && !(await alsoInTransaction(trx))) return undefined;
      await setLastSignInAt(trx, user.id, at);
      await recordAudit(
        trx,
        { actor: user.email, ip: client.ip, action: "session.sign-in", detail: { method } },
        at,
      );
      return createSession(trx, user.id, client, at);
    });
    if (!session) return false;
    const brought = readWorkspaceCookie(req, SESSION_COOKIE);
    if (brought) await endSession(db, hashToken(brought));
    // Sign-ins are rare enough to sweep on: the table keeps only live sessions.
    await deleteExpiredSessions(db, at);
    await endFlow(db, req, res);
    await clearSignInFailures(db, { email: user.email, ip: client.ip });
    setSessionCookie(req, res, session);
    // Accepting an invitation only remembers the browser: the person has just set it up.
    await noticeIfNewBrowser(deps, { req, res, user, remember: method === "invitation" }, at);
    return true;
  }

  /** The enabled account with this id, if it still is one. */
  async function enabledUser(id: number | null) {
    const user = id === null ? undefined : await selectAccountSecrets(db, { id });
    return user?.disabled_at === null ? user : undefined;
  }

  return { deps, db, config, totpSecrets, now, rp, siteUrl, refuseIfSlowed, finishSignIn, enabledUser };
}

/**
 * Signing in (a password and its second factor, or a passkey), accepting an invitation,
 * and a member of staff's own passkeys and recovery codes
 * (docs/decisions/027-staff-authentication.md).
 */
export function authRoutes(deps: WorkspaceDeps): Router {
  const door = authDoor(deps);
  const router = express.Router();
  passwordSignInRoutes(router, door);
  passkeySignInRoutes(router, door);
  invitationRoutes(router, door);
  passkeyRoutes(router, door);
  recoveryCodeRoutes(router, door);
  return router;
}

/** Signing in with a password, then its second factor: a code from the app, or a recovery code. */
function passwordSignInRoutes(router: Router, door: AuthDoor): void {
  const { deps, db, totpSecrets, now, refuseIfSlowed, finishSignIn, enabledUser } = door;
  router.post("/sign-in/password", async (req, res) => {
    const email = text(req.body?.email).trim().toLowerCase();
    const password = text(req.body?.password);
    const attempt = { email, ip: ipOf(req) };
    if (await refuseIfSlowed(res, attempt, "password")) return;
    const user = email ? await selectAccountSecrets(db, { email }) : undefined;
    // Unknown, disabled and password-less accounts take a check's time and get the same answer.
    const usable = user && user.disabled_at === null && user.password_hash && user.totp_secret;
    const matches =
      usable && user.password_hash && password.length <= 1000
        ? await verifyPassword(password, user.password_hash)
        : await dummyVerifyPassword(password.slice(0, 1000));
    if (!user || !usable || !matches) {
      await recordSignInFailure(db, attempt, "wrong-password", now());
      return refuse(res, 401, authMessages.badCredentials);
    }
    // Made with older parameters: stored anew in today's, now the password is known to be right.
    if (user.password_hash)
      await upgradePasswordHash(db, { id: user.id, passwordHash: user.password_hash }, password);
    await startFlow(db, req, res, { kind: "password", userId: user.id }, now());
    res.json({ step: "second-factor" });
  });

  router.post("/sign-in/second-factor", async (req, res) => {
    const flow = await readFlow(db, req, "password", now());
    const user = flow && (await enabledUser(flow.userId));
    if (!flow || !user || !user.totp_secret) return refuse(res, 401, authMessages.flowExpired);
    const attempt = { email: user.email, ip: ipOf(req) };
    if (await refuseIfSlowed(res, attempt, "second-factor")) return;
    const code = text(req.body?.code);
    const recoveryCode = text(req.body?.recoveryCode);
    let finished = false;
    if (code) {
      const secret = await openTotpSecret(db, totpSecrets, deps.logger, {
        id: user.id,
        totp_secret: user.totp_secret,
      });
      // Fails closed: the operator is told why (openTotpSecret), the person how else to sign in.
      if (secret === undefined) return refuse(res, 503, authMessages.codesUnavailable);
      const step = await checkTotp(secret, code, user.totp_last_step, now());
      if (step !== undefined) {
        // Conditional: two requests racing with one code cannot both sign in.
        finished = await finishSignIn(req, res, user, "password+totp", (trx) =>
          claimTotpStep(trx, user.id, step),
        );
      }
    } else if (recoveryCode) {
      finished = await finishSignIn(req, res, user, "password+recovery-code", (trx) =>
        useRecoveryCode(trx, user.id, recoveryCode, now()),
      );
    }
    if (finished) return void res.json({ next: staffPaths.overview });
    await recordSignInFailure(db, attempt, code ? "wrong-code" : "wrong-recovery-code", now());
    if (!(await countFlowAttempt(db, flow))) return refuse(res, 401, authMessages.flowExpired);
    refuse(res, 401, authMessages.wrongCode);
  });
}

/** Signing in with a passkey: its challenge, then the assertion. */
function passkeySignInRoutes(router: Router, door: AuthDoor): void {
  const { db, now, rp, finishSignIn, enabledUser } = door;
  router.post("/sign-in/passkey/options", async (req, res) => {
    const options = await authenticationOptions(rp);
    await sendPasskeyOptions(db, req, res, { kind: "passkey-sign-in" }, options, now());
  });

  router.post("/sign-in/passkey", async (req, res) => {
    const flow = await readFlow(db, req, "passkey-sign-in", now());
    // Never limited by password failures: a passkey cannot be guessed, so slowing it only
    // would let someone keep its owner out.
    if (!flow?.challenge) return refuse(res, 401, authMessages.flowExpired);
    const userId = await authenticatePasskey(
      db,
      rp,
      { response: req.body?.response, challenge: flow.challenge },
      now(),
    );
    const user = userId === undefined ? undefined : await enabledUser(userId);
    if (!user || !(await finishSignIn(req, res, user, "passkey"))) {
      // One challenge, one try: a replayed assertion meets a new challenge or none.
      await endFlow(db, req, res);
      return refuse(res, 401, authMessages.unknownPasskey);
    }
    res.json({ next: staffPaths.overview });
  });
}

/** Accepting an invitation: read it, choose a password, confirm the authenticator app. */
function invitationRoutes(router: Router, door: AuthDoor): void {
  const { deps, db, config, totpSecrets, now, refuseIfSlowed, finishSignIn } = door;
  // The token comes in the body, never the path: it is a credential, and paths are logged.
  router.post("/invitations/read", async (req, res) => {
    const invitation = await findInvitation(db, text(req.body?.token), now());
    if (!invitation) return refuse(res, 410, authMessages.invitationGone);
    res.json({ email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt });
  });

  router.post("/invitations/password", async (req, res) => {
    const invitation = await findInvitation(db, text(req.body?.token), now());
    if (!invitation) return refuse(res, 410, authMessages.invitationGone);
    const password: unknown = req.body?.password;
    const problem = await passwordProblem(password, invitation.email, await siteWordsNow(deps));
    if (problem || typeof password !== "string") {
      return void res.status(400).json({
        error: authMessages.choosePassword,
        fieldErrors: { password: problem ?? authMessages.choosePassword },
      });
    }
    const secret = newTotpSecret();
    const passwordHash = await hashPassword(password);
    await startFlow(
      db,
      req,
      res,
      {
        kind: "enrolment",
        data: { invitation: invitation.tokenHash, passwordHash, secret: totpSecrets.seal(secret) },
      },
      now(),
    );
    res.json(await totpEnrolment(secret, { issuer: config.settings.brandName, email: invitation.email }));
  });

  router.post("/invitations/confirm", async (req, res) => {
    const invitation = await findInvitation(db, text(req.body?.token), now());
    if (!invitation) return refuse(res, 410, authMessages.invitationGone);
    const flow = await readFlow(db, req, "enrolment", now());
    const passwordHash = flow?.data.passwordHash;
    const secret = openFlowSecret(totpSecrets, flow?.data.secret);
    if (
      !flow ||
      flow.data.invitation !== invitation.tokenHash ||
      typeof passwordHash !== "string" ||
      typeof secret !== "string"
    ) {
      return refuse(res, 401, authMessages.flowExpired);
    }
    const attempt = { email: invitation.email, ip: ipOf(req) };
    if (await refuseIfSlowed(res, attempt, "invitation")) return;
    const step = await checkTotp(secret, text(req.body?.code), null, now());
    if (step === undefined) {
      await recordSignInFailure(db, attempt, "wrong-code", now());
      if (!(await countFlowAttempt(db, flow))) return refuse(res, 401, authMessages.flowExpired);
      return refuse(res, 401, authMessages.wrongCode);
    }
    const at = now();
    const accepted = await db.transaction().execute(async (trx) => {
      const account = await acceptInvitation(
        trx,
        {
          tokenHash: invitation.tokenHash,
          passwordHash,
          totpSecret: totpSecrets.seal(secret),
          totpStep: step,
        },
        at,
      );
      if (!account) return undefined;
      const recoveryCodes = await replaceRecoveryCodes(trx, account.userId);
      await recordAudit(
        trx,
        { actor: account.email, ip: ipOf(req), action: "invitation.accept", target: account.email },
        at,
      );
      return { account, recoveryCodes };
    });
    if (!accepted) return refuse(res, 410, authMessages.invitationGone);
    await finishSignIn(
      req,
      res,
      { id: accepted.account.userId, email: accepted.account.email },
      "invitation",
    );
    res.json({ recoveryCodes: accepted.recoveryCodes, next: staffPaths.overview });
  });
}

/** A member of staff's own passkeys: list, add (after "Confirm it's you"), remove. */
function passkeyRoutes(router: Router, door: AuthDoor): void {
  const { deps, db, now, rp, siteUrl } = door;
  router.get("/passkeys", requireStaff("account"), async (_req, res) => {
    res.json({ passkeys: await listPasskeys(db, signedIn(res).userId) });
  });

  router.post(
    "/passkeys/options",
    requireStaff("account"),
    // A name sent with the options is checked first: before "Confirm it's you" and before
    // the device's prompt, rather than after the person has touched their key.
    (req, res, next) => {
      if (req.body?.name !== undefined && !passkeyNameOf(req.body.name)) return refuseName(res);
      next();
    },
    requireFreshProof(now, "account.passkey-add"),
    async (req, res) => {
      const staff = signedIn(res);
      const options = await registrationOptions(db, rp, { id: staff.userId, email: staff.email });
      await sendPasskeyOptions(
        db,
        req,
        res,
        { kind: "passkey-registration", userId: staff.userId },
        options,
        now(),
      );
    },
  );

  router.post("/passkeys", ...ownAccountChange(now, "account.passkey-add"), async (req, res) => {
    const staff = signedIn(res);
    const name = passkeyNameOf(req.body?.name);
    if (!name) return refuseName(res);
    const flow = await readFlow(db, req, "passkey-registration", now());
    if (!flow?.challenge || flow.userId !== staff.userId)
      return refuse(res, 400, authMessages.passkeyTookTooLong);
    const response: unknown = req.body?.response;
    const passkey =
      typeof response === "object" && response !== null
        ? await registerPasskey(
            db,
            rp,
            staff.userId,
            { response: response as RegistrationResponseJSON, challenge: flow.challenge, name },
            now(),
          )
        : undefined;
    await endFlow(db, req, res);
    if (!passkey) return refuse(res, 400, authMessages.passkeyNotAdded);
    await db.transaction().execute(async (trx) => {
      await recordOwnChange(
        trx,
        req,
        res,
        {
          audit: { action: "passkey.add", target: passkey.id, detail: { name } },
          notice: { change: "passkey-added", passkeyName: name },
          siteUrl,
        },
        now(),
      );
    });
    deps.onQueued();
    res.status(201).json(passkey);
  });

  router.delete("/passkeys/:id", ...ownAccountChange(now, "account.passkey-remove"), async (req, res) => {
    const staff = signedIn(res);
    const id = String(req.params.id);
    const removed = await db.transaction().execute(async (trx) => {
      const name = await removePasskey(trx, staff.userId, id);
      if (name === undefined) return false;
      await recordOwnChange(
        trx,
        req,
        res,
        {
          audit: { action: "passkey.remove", target: id },
          notice: { change: "passkey-removed", passkeyName: name },
          siteUrl,
        },
        now(),
      );
      return true;
    });
    if (!removed) return refuse(res, 404, "Not found.");
    deps.onQueued();
    res.status(204).end();
  });
}

/** A member of staff's recovery codes, replaced as a set. */
function recoveryCodeRoutes(router: Router, door: AuthDoor): void {
  const { deps, db, now, siteUrl } = door;
  router.post("/recovery-codes", ...ownAccountChange(now, "account.recovery-codes"), async (req, res) => {
    const staff = signedIn(res);
    const recoveryCodes = await db.transaction().execute(async (trx) => {
      const codes = await replaceRecoveryCodes(trx, staff.userId);
      await recordOwnChange(
        trx,
        req,
        res,
        {
          audit: { action: "recovery-codes.replace" },
          notice: { change: "recovery-codes-replaced" },
          siteUrl,
        },
        now(),
      );
      return codes;
    });
    deps.onQueued();
    res.json({ recoveryCodes });
  });
}
