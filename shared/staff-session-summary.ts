/**
 * One of an account's sessions as its holder sees it: the server builds it from the row
 * (server/auth/sessions.ts), the account page lists it.
 */
export type SessionSummary = {
  /** Names the session in the API without being its token or the token's stored hash. */
  id: string;
  browser: string;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
};
