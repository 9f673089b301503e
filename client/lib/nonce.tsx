import { createContext, useContext, type ReactNode } from "react";

/**
 * The per-request CSP nonce. Only the server render provides it; in the browser
 * it is undefined, which is fine because scripts added after hydration are
 * trusted through 'strict-dynamic'. A page rendered for the page cache has none either:
 * its inline scripts are allowed by their hashes (server/http/page-cache.ts).
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
