import { createContext, useContext, type ReactNode } from "react";

/**
 * The per-request CSP nonce. Only the server render provides it; in the browser
 * it is undefined, which is fine because scripts added after hydration are
 * trusted through 'strict-dynamic'.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
