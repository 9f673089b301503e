import { createHmac } from "node:crypto";

/**
 * What the acknowledgment's per-client limit counts by instead of the visitor's IP
 * address (docs/decisions/052-link-targets-and-hashed-addresses.md): HMAC-SHA-256 of the
 * address under a key derived from the form secret, which every instance shares (FORM_SECRET,
 * or the one stored for all of them). The same address gives the same key all day and
 * across midnight, so the 24-hour window counts as it did; the database never holds the
 * address, and without the secret its rows cannot be matched to one.
 */
export type ClientAddressKey = (ip: string) => string;

/** Its own key, so a value here is never one the form tokens' signatures could be compared with. */
const PURPOSE = "acknowledgment client address";

export function createClientAddressKey(secret: string): ClientAddressKey {
  const key = createHmac("sha256", secret).update(PURPOSE).digest();
  return (ip) => createHmac("sha256", key).update(ip).digest("base64url");
}
