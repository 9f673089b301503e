import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is the site:
 * its ID the hostname of SITE_URL, its origin SITE_URL's. User verification is required:
 * a passkey signs in on its own, so it must stand for two factors (the device and its PIN
 * or fingerprint).
 */
export type RelyingParty = { id: string; name: string; origin: string };

export function relyingParty(siteUrl: string, name: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, name, origin: url.origin };
}

export type StoredPasskey = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

function parseTransports(value: string | null): string[] | undefined {
  if (!value) return undefined;
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed)
    ? parsed.filter((item): item is string => typeof item === "string")
    : undefined;
}

export async function listPasskeys(db: Kysely<Database>, userId: number): Promise<StoredPasskey[]> {
  const rows = await db
    .selectFrom("staff_passkeys")
    .select(["credential_id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    id: row.credential_id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/** Options to create a passkey; the authenticator refuses to make a second one beside an existing one. */
export async function registrationOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  user: { id: number; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db
    .selectFrom("staff_passkeys")
    .select(["credential_id", "transports"])
    .where("user_id", "=", user.id)
    .execute();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    // Stable per account, so a new passkey on the same authenticator replaces its old one there.
    userID: new TextEncoder().encode(`staff-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: parseTransports(row.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/** Checks a new passkey against the challenge and stores it; undefined when it does not verify. */
export async function registerPasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  userId: number,
  input: { response: RegistrationResponseJSON; challenge: string; name: string },
  now = new Date(),
): Promise<StoredPasskey | undefined> {
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  const { credential } = verification.registrationInfo;
  const createdAt = now.toISOString();
  const inserted = await db
    .insertInto("staff_passkeys")
    .values({
      credential_id: credential.id,
      user_id: userId,
      public_key: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ? JSON.stringify(credential.transports) : null,
      name: input.name,
      created_at: createdAt,
    })
    .onConflict((conflict) => conflict.column("credential_id").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return undefined;
  return { id: credential.id, name: input.name, createdAt, lastUsedAt: null };
}

/** Options to sign in with whichever of the site's passkeys the authenticator holds (discoverable). */
export function authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: "required" });
}

/**
 * The account a passkey's assertion signs in, if it verifies: its signature over the
 * challenge, the origin, user verification and a counter that went forward (a cloned
 * authenticator would repeat one). Stores the new counter.
 */
export async function authenticatePasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  input: { response: AuthenticationResponseJSON; challenge: string },
  now = new Date(),
): Promise<number | undefined> {
  const id = typeof input.response?.id === "string" ? input.response.id : "";
  const row = await db
    .selectFrom("staff_passkeys")
    .selectAll()
    .where("credential_id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: row.credential_id,
      publicKey: Buffer.from(row.public_key, "base64url"),
      counter: row.counter,
      transports: parseTransports(row.transports),
    },
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  await db
    .updateTable("staff_passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where("credential_id", "=", row.credential_id)
    .execute();
  return row.user_id;
}

/** Removes one of the account's passkeys: its name, or undefined when it has none by that id. */
export async function removePasskey(
  db: Kysely<Database>,
  userId: number,
  id: string,
): Promise<string | undefined> {
  const removed = await db
    .deleteFrom("staff_passkeys")
    .where("user_id", "=", userId)
    .where("credential_id", "=", id)
    .returning("name")
    .executeTakeFirst();
  return removed?.name;
}
