import type { AuditEntry } from "#server/db/audit-log.ts";
import type { AuditAction } from "#shared/audit-actions.ts";
import { mayUse, type StaffRole, type WorkspaceArea } from "./staff";

/**
 * The sensitive operations' policy, said once (docs/decisions/048-operation-policy.md): who
 * may, whether a proof of who is at the keyboard from the last 5 minutes is needed, what
 * the audit log records and whom an e-mail tells. Each operation checks its row inside
 * its own transaction, so every door (the workspace's routes, History's restore, a bulk
 * action, a future API) gets the rule from the operation and cannot forget it. The CLI is
 * the server's own door: whoever has its shell is the operator, so it needs no proof.
 */

export const STEP_UP_MS = 5 * 60 * 1000;

/** The refusal for a change to how an account signs in; the dialog words it its own way (032). */
export const signInChangeStepUp = "Confirm it’s you to make this change.";

/**
 * Who acts and through which door. `door` and `provedAt` come from the door: the workspace
 * gives its session's last proof, the CLI says it is the CLI. An actor without a door is
 * treated as a session without a proof, so a door that forgets is refused, never let by.
 */
export type Actor = Pick<AuditEntry, "actor" | "ip"> & {
  door?: "workspace" | "cli";
  /** ISO time of the session's last proof (sign-in or "Confirm it's you"); null: none. */
  provedAt?: string | null;
  /** The workspace member's role; the CLI has none and may do everything. */
  role?: StaffRole;
};

/** Who hears of a change: every active admin, the account's holder. */
export type NoticeTo = "admins" | "holder";

export type OperationPolicy = {
  /** The workspace area whose role may do it. */
  area: WorkspaceArea;
  stepUp: boolean;
  /**
   * The audit log's action, or none. The erase is recorded without the address; an export
   * changes nothing and is not recorded.
   */
  audit: AuditAction | null;
  notice: readonly NoticeTo[];
  /** The refusal without a fresh proof: what this change is, for the "Confirm it's you" dialog. */
  stepUpMessage?: string;
};

const proofNeeded = (change: string) =>
  `${change} needs your password and a code, or a passkey, from the last 5 minutes.`;

export const operationPolicies = {
  "user.invite": { area: "users", stepUp: false, audit: "user.invite", notice: [] },
  "user.invite-admin": {
    area: "users",
    stepUp: true,
    audit: "user.invite",
    notice: ["admins"],
    stepUpMessage: proofNeeded("Inviting an admin"),
  },
  "user.invitation-resend": {
    area: "users",
    stepUp: false,
    audit: "staff.invitation-resent",
    notice: [],
  },
  "user.invitation-resend-admin": {
    area: "users",
    stepUp: true,
    audit: "staff.invitation-resent",
    notice: ["admins"],
    stepUpMessage: proofNeeded("Inviting an admin again"),
  },
  "user.invitation-revoke": {
    area: "users",
    stepUp: false,
    audit: "staff.invitation-revoked",
    notice: [],
  },
  "user.role": {
    area: "users",
    stepUp: true,
    audit: "staff.role-changed",
    notice: ["holder"],
    stepUpMessage: proofNeeded("Changing a role"),
  },
  "user.role-admin": {
    area: "users",
    stepUp: true,
    audit: "staff.role-changed",
    notice: ["holder", "admins"],
    stepUpMessage: proofNeeded("Making someone an admin"),
  },
  "user.disable": {
    area: "users",
    stepUp: true,
    audit: "user.disable",
    notice: ["admins"],
    stepUpMessage: proofNeeded("Disabling an account"),
  },
  "user.enable": {
    area: "users",
    stepUp: true,
    audit: "user.enable",
    notice: [],
    stepUpMessage: proofNeeded("Enabling an account"),
  },
  "user.enable-admin": {
    area: "users",
    stepUp: true,
    audit: "user.enable",
    notice: ["admins"],
    stepUpMessage: proofNeeded("Enabling an admin"),
  },
  "user.reset": {
    area: "users",
    stepUp: true,
    audit: "user.reset",
    notice: ["admins"],
    stepUpMessage: proofNeeded("Resetting an account"),
  },
  "session.end-other": {
    area: "account",
    stepUp: true,
    audit: "session.end",
    notice: [],
    stepUpMessage: proofNeeded("Signing out another browser"),
  },
  "session.sign-out-everywhere": {
    area: "account",
    stepUp: true,
    audit: "session.sign-out-everywhere",
    notice: [],
    stepUpMessage: proofNeeded("Signing out everywhere"),
  },
  // A settings save that changes only the contact details, links and map: editors too (068).
  "settings.contact": { area: "contact", stepUp: false, audit: "settings.update", notice: [] },
  "settings.update": { area: "settings", stepUp: false, audit: "settings.update", notice: [] },
  // The booking calendar's rules, and putting a meeting over another one: admins (060).
  "availability.update": { area: "settings", stepUp: false, audit: "availability.update", notice: [] },
  "appointment.override": { area: "settings", stepUp: false, audit: "appointment.override", notice: [] },
  "settings.mail-route": {
    area: "settings",
    stepUp: true,
    audit: "settings.update",
    notice: ["admins"],
    stepUpMessage: proofNeeded("Moving the agency inbox or the sender of the site’s e-mails"),
  },
  "privacy.export": {
    area: "users",
    stepUp: true,
    audit: null,
    notice: [],
    stepUpMessage: proofNeeded("Exporting someone’s personal data"),
  },
  "privacy.erase": {
    area: "users",
    stepUp: true,
    audit: "privacy.erase",
    notice: [],
    stepUpMessage: proofNeeded("Erasing someone’s personal data"),
  },
  "account.passkey-add": { area: "account", stepUp: true, audit: "passkey.add", notice: ["holder"] },
  "account.passkey-remove": { area: "account", stepUp: true, audit: "passkey.remove", notice: ["holder"] },
  "account.recovery-codes": {
    area: "account",
    stepUp: true,
    audit: "recovery-codes.replace",
    notice: ["holder"],
  },
  "account.password": { area: "account", stepUp: true, audit: "account.password-change", notice: ["holder"] },
  "account.authenticator": {
    area: "account",
    stepUp: true,
    audit: "account.authenticator-replace",
    notice: ["holder"],
  },
  // A feed's address reads the meetings (visitors' names and times) from outside the
  // workspace for as long as it lives, so making one asks for a fresh proof, as an export
  // does; revoking only takes access away (docs/decisions/063-staff-calendar-feeds.md).
  "calendar-feed.make": {
    area: "leads",
    stepUp: true,
    audit: "calendar-feed.make",
    notice: [],
    stepUpMessage: proofNeeded("Making a calendar feed address"),
  },
  "calendar-feed.revoke": { area: "leads", stepUp: false, audit: "calendar-feed.revoke", notice: [] },
} as const satisfies Record<string, OperationPolicy>;

export type PolicyName = keyof typeof operationPolicies;

export function policyOf(name: PolicyName): OperationPolicy {
  return operationPolicies[name];
}

/** Whether a session's last proof (ISO, or null) is recent enough at `now`. */
export function isProofFresh(provedAt: string | null | undefined, now: Date): boolean {
  if (!provedAt) return false;
  const age = now.getTime() - Date.parse(provedAt);
  return age >= 0 && age < STEP_UP_MS;
}

/** Why a policy refuses: a role that may not, or a proof that is missing or stale. */
export type PolicyRefusal = { reason: "forbidden" | "step-up"; message: string };

export const policyMessages = {
  forbidden: "Your role does not give you access to this.",
} as const;

/**
 * The one check: the role (when the door has one) may use the operation's area, and a
 * step-up operation has a proof from the last 5 minutes unless the CLI runs it.
 */
export function checkPolicy(name: PolicyName, actor: Actor, now: Date): PolicyRefusal | undefined {
  const policy = policyOf(name);
  if (actor.role && !mayUse(actor.role, policy.area)) {
    return { reason: "forbidden", message: policyMessages.forbidden };
  }
  if (!policy.stepUp || actor.door === "cli" || isProofFresh(actor.provedAt, now)) return undefined;
  return { reason: "step-up", message: policy.stepUpMessage ?? signInChangeStepUp };
}
