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
import type { Database } from "#server/db/schema.ts";
import {
  deleteAccountPasskey,
  insertPasskey,
  recordPasskeyUse,
  selectAccountCredentials,
  selectAccountPasskeys,
  selectPasskey,
} from "#server/db/staff-passkeys.ts";

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
  const rows = await selectAccountPasskeys(db, userId);
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
  const existing = await selectAccountCredentials(db, user.id);
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
  const inserted = await insertPasskey(db, {
    credentialId: credential.id,
    userId,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    name: input.name,
    createdAt,
  });
  if (!inserted) return undefined;
  return { id: credential.id, name: input.name, createdAt, lastUsedAt: null };
}

/** Options to sign in with whichever of the site's passkeys the authenticator holds (discoverable). */
export function authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: "required" });
}

/**
 * The account a passkey's assertion signs in, if it verifies: its signature over the
 * challenge, the origin, user verification and a counter that went forward (a cloned
 * authenticator would repeat one). Stores the new counter. The response is the request
 * body's, unchecked: anything but an object signs in nobody.
 */
export async function authenticatePasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  input: { response: unknown; challenge: string },
  now = new Date(),
): Promise<number | undefined> {
  if (typeof input.response !== "object" || input.response === null) return undefined;
  // Only the id is read before the verifier, which throws (caught below) on anything malformed.
  const response = input.response as AuthenticationResponseJSON;
  const id = typeof response.id === "string" ? response.id : "";
  const row = await selectPasskey(db, id);
  if (!row) return undefined;
  const verification = await verifyAuthenticationResponse({
    response,
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
  await recordPasskeyUse(db, row.credential_id, verification.authenticationInfo.newCounter, now);
  return row.user_id;
}

/** Removes one of the account's passkeys: its name, or undefined when it has none by that id. */
export async function removePasskey(
  db: Kysely<Database>,
  userId: number,
  id: string,
): Promise<string | undefined> {
  return deleteAccountPasskey(db, userId, id);
}
