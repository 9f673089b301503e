import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used, not when the server starts: for the large
 * ones only some requests need (South Africa's holiday tables, the world's phone-number
 * rules), which would otherwise be parsed and held by every process from its first moment
 * (docs/decisions/077-server-chunks.md). Synchronous, so code that uses it stays so; the
 * package's CommonJS build is what loads, with the same API as its ES module.
 */
export function loadLater<Package>(name: string): () => Package {
  let loaded: Package | undefined;
  return () => (loaded ??= requireHere(name) as Package);
}
