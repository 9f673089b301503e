import express, { type Router } from "express";
import { countFlowAttempt } from "#server/auth/flows.ts";
import { endFlow, readFlow, startFlow } from "./flow-cookie";
import { authMessages } from "#server/auth/messages.ts";
import { hashPassword, passwordProblem, verifyPassword } from "#server/auth/passwords.ts";
import { recordSignInFailure } from "#server/auth/sign-in-attempts.ts";
import { checkTotp, newTotpSecret, totpEnrolment } from "#server/auth/totp.ts";
import { openFlowSecret } from "#server/auth/totp-secrets.ts";
import { selectAccountSecrets, setPasswordHash, setTotpSecret } from "#server/db/staff-accounts.ts";
import { siteWordsNow, type WorkspaceDeps } from "./deps";
import { refuseIfSlowed } from "./slowed-attempts";
import { requireStaff, signedIn } from "./guard";
import { endOtherSessions } from "#server/auth/sessions.ts";
import { ownAccountChange, recordOwnChange } from "./own-account-change";
import { answerRefusal } from "./answers";
import { chooseWeeklyReport, loadWeeklyReportChoice } from "#server/operations/insights/weekly-report.ts";

export const ownAccountMessages = {
  wrongCurrentPassword: "That is not your current password.",
  authenticatorTookTooLong: "Setting up the new authenticator took too long. Start again.",
} as const;

/**
 * A member of staff's own password and authenticator app: each change needs a fresh proof
 * (server/workspace/step-up.ts) and is e-mailed to them.
 */
export function accountRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const siteUrl = config.settings.siteUrl;
  const router = express.Router();
  const text = (value: unknown) => (typeof value === "string" ? value : "");

  router.post("/account/password", ...ownAccountChange(now, "account.password"), async (req, res) => {
    const staff = signedIn(res);
    const attempt = { email: staff.email, ip: req.ip ?? "unknown" };
    if (await refuseIfSlowed(db, res, attempt, "step-up", now())) return;
    const current = text(req.body?.currentPassword);
    const user = await selectAccountSecrets(db, { id: staff.userId });
    const matches =
      user?.password_hash && current.length <= 1000
        ? await verifyPassword(current, user.password_hash)
        : false;
    if (!matches) {
      await recordSignInFailure(db, attempt, "wrong-password", now());
      return void res.status(400).json({
        error: ownAccountMessages.wrongCurrentPassword,
        fieldErrors: { currentPassword: ownAccountMessages.wrongCurrentPassword },
      });
    }
    const newPassword: unknown = req.body?.newPassword;
    const problem = await passwordProblem(newPassword, staff.email, await siteWordsNow(deps));
    if (problem || typeof newPassword !== "string") {
      return void res.status(400).json({
        error: authMessages.choosePassword,
        fieldErrors: { newPassword: problem ?? authMessages.choosePassword },
      });
    }
    const passwordHash = await hashPassword(newPassword);
    const at = now();
    const ended = await db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, staff.userId, passwordHash);
      // Whoever else held a session (with the old password, or a stolen cookie) is out.
      const count = await endOtherSessions(trx, staff.userId, staff.sessionId);
      await recordOwnChange(
        trx,
        req,
        res,
        {
          audit: { action: "account.password-change", detail: { otherSessionsEnded: count } },
          notice: { change: "password-changed" },
          siteUrl,
        },
        at,
      );
      return count;
    });
    deps.onQueued();
    res.json({ otherSessionsEnded: ended });
  });

  router.post(
    "/account/authenticator/options",
    ...ownAccountChange(now, "account.authenticator"),
    async (req, res) => {
      const staff = signedIn(res);
      const secret = newTotpSecret();
      await startFlow(
        db,
        req,
        res,
        {
          kind: "authenticator-replacement",
          userId: staff.userId,
          data: { secret: deps.totpSecrets.seal(secret) },
        },
        now(),
      );
      res.json(await totpEnrolment(secret, { issuer: config.settings.brandName, email: staff.email }));
    },
  );

  // No proof asked again: the flow exists only if its start had a fresh proof, and it is this
  // browser's own. Asking again would end it (a passkey proof starts a flow of its own)
  // while someone is still scanning the code.
  router.post("/account/authenticator", requireStaff("account"), async (req, res) => {
    const staff = signedIn(res);
    const flow = await readFlow(db, req, "authenticator-replacement", now());
    const secret = openFlowSecret(deps.totpSecrets, flow?.data.secret);
    if (!flow || flow.userId !== staff.userId || secret === undefined) {
      return void res.status(400).json({ error: ownAccountMessages.authenticatorTookTooLong });
    }
    const step = await checkTotp(secret, text(req.body?.code), null, now());
    if (step === undefined) {
      const live = await countFlowAttempt(db, flow);
      const error = live ? authMessages.wrongCode : ownAccountMessages.authenticatorTookTooLong;
      return void res.status(400).json({ error, fieldErrors: { code: error } });
    }
    const at = now();
    await db.transaction().execute(async (trx) => {
      await setTotpSecret(trx, staff.userId, deps.totpSecrets.seal(secret), step);
      await recordOwnChange(
        trx,
        req,
        res,
        {
          audit: { action: "account.authenticator-replace" },
          notice: { change: "authenticator-replaced" },
          siteUrl,
        },
        at,
      );
    });
    deps.onQueued();
    await endFlow(db, req, res);
    res.status(204).end();
  });

  // The weekly e-mail (docs/decisions/059-weekly-report.md): the holder's own choice, no proof needed.
  router.get("/account/weekly-report", requireStaff("account"), async (_req, res) => {
    const choice = await loadWeeklyReportChoice(db, signedIn(res));
    if (!choice.ok) return void answerRefusal(res, choice);
    res.json(choice.value);
  });

  router.post("/account/weekly-report", requireStaff("account"), async (req, res) => {
    const body: unknown = req.body;
    const on = typeof body === "object" && body !== null && "on" in body ? body.on : undefined;
    const choice = await chooseWeeklyReport(db, signedIn(res), on);
    if (!choice.ok) return void answerRefusal(res, choice);
    res.json(choice.value);
  });

  return router;
}
