// Starts smtp-thread.ts from source (tests, `tsx` scripts): a worker thread does not
// inherit its parent's TypeScript loader, so it registers tsx itself first. The built
// server starts build/app/smtp-thread.js instead.
import { register } from "tsx/esm/api";

register();
await import("./smtp-thread.ts");
