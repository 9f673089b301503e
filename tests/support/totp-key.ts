/**
 * The TOTP_KEY of test apps and benches on PostgreSQL, where it is required (decision 054).
 * On SQLite they leave it unset, so the key made in DATA_DIR is what they use.
 */
export const testTotpKey = Buffer.alloc(32, 7).toString("base64");
