import express, { type Request, type Router } from "express";
import { endFlow, readFlow, sendPasskeyOptions } from "./flow-cookie";
import { authenticatePasskey, authenticationOptions, relyingParty } from "#server/auth/passkeys.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import { useRecoveryCode } from "#server/auth/recovery-codes.ts";
import { recordSignInFailure } from "#server/auth/sign-in-attempts.ts";
import { checkTotp } from "#server/auth/totp.ts";
import { openTotpSecret } from "#server/auth/totp-secrets.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { claimTotpStep, selectAccountSecrets } from "#server/db/staff-accounts.ts";
import type { WorkspaceDeps } from "./deps";
import { refuseIfSlowed } from "./slowed-attempts";
import { actorOf, requireStaff, signedIn } from "./guard";
import { markSessionProved } from "#server/auth/sessions.ts";
import { stepUpMessages } from "./step-up";

/**
 * "Confirm it's you": a signed-in member of staff proves again who they are, with their
 * password and a code from their app (or a recovery code), or with one of their passkeys.
 * Wrong tries count against the same limits as sign-in, so a stolen session cannot guess
 * the password here either.
 */
export function stepUpRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const rp = relyingParty(config.settings.siteUrl, `${config.settings.brandName} workspace`);
  const router = express.Router();
  const text = (value: unknown) => (typeof value === "string" ? value : "");

  /** Whether the password and its second factor are this account's; uses up the code if so. */
  async function checkPasswordProof(userId: number, req: Request): Promise<boolean> {
    const user = await selectAccountSecrets(db, { id: userId });
    const password = text(req.body?.password);
    if (!user?.password_hash || !user.totp_secret || password.length > 1000) return false;
    if (!(await verifyPassword(password, user.password_hash))) return false;
    const code = text(req.body?.code);
    const recoveryCode = text(req.body?.recoveryCode);
    if (recoveryCode) return useRecoveryCode(db, userId, recoveryCode, now());
    const secret = await openTotpSecret(db, deps.totpSecrets, deps.logger, {
      id: userId,
      totp_secret: user.totp_secret,
    });
    // Fails closed: openTotpSecret told the operator why.
    if (secret === undefined) return false;
    const step = await checkTotp(secret, code, user.totp_last_step, now());
    if (step === undefined) return false;
    // Conditional, as at sign-in: one code proves once.
    return claimTotpStep(db, userId, step);
  }

  router.post("/step-up", requireStaff("account"), async (req, res) => {
    const staff = signedIn(res);
    const attempt = { email: staff.email, ip: req.ip ?? "unknown" };
    if (await refuseIfSlowed(db, res, attempt, "step-up", now())) return;
    if (!(await checkPasswordProof(staff.userId, req))) {
      await recordSignInFailure(db, attempt, "wrong-password-or-code", now());
      return void res.status(400).json({ error: stepUpMessages.wrongProof });
    }
    await markSessionProved(db, staff.sessionId, now());
    await recordAudit(
      db,
      { ...actorOf(req, res), action: "session.step-up", detail: { method: "password" } },
      now(),
    );
    res.status(204).end();
  });

  router.post("/step-up/passkey/options", requireStaff("account"), async (req, res) => {
    const staff = signedIn(res);
    const options = await authenticationOptions(rp);
    await sendPasskeyOptions(db, req, res, { kind: "step-up-passkey", userId: staff.userId }, options, now());
  });

  router.post("/step-up/passkey", requireStaff("account"), async (req, res) => {
    const staff = signedIn(res);
    const flow = await readFlow(db, req, "step-up-passkey", now());
    if (!flow?.challenge || flow.userId !== staff.userId) {
      return void res.status(400).json({ error: stepUpMessages.tookTooLong });
    }
    // A passkey is never slowed down by password failures (decision 031); a wrong one is counted.
    const attempt = { email: staff.email, ip: req.ip ?? "unknown" };
    const userId = await authenticatePasskey(
      db,
      rp,
      { response: req.body?.response, challenge: flow.challenge },
      now(),
    );
    // One challenge, one try.
    await endFlow(db, req, res);
    if (userId !== staff.userId) {
      await recordSignInFailure(db, attempt, "wrong-passkey", now());
      return void res.status(400).json({ error: stepUpMessages.unknownPasskey });
    }
    await markSessionProved(db, staff.sessionId, now());
    await recordAudit(
      db,
      { ...actorOf(req, res), action: "session.step-up", detail: { method: "passkey" } },
      now(),
    );
    res.status(204).end();
  });

  return router;
}
