// Faults for the built server, loaded only by tests (`node --import` this file before
// build/app/index.js, tests/api/server-output.test.ts); no start of the site loads it.
// A request whose path names a fault gets it, in that request's async context:
// - /injected-render-fault: React Router's rendering meets an invalid URL, as `/%09/%25` once did;
// - /injected-uncaught-fault: a throw nobody catches;
// - /injected-rejection-fault: a rejected promise nobody waits for.
// JavaScript, not TypeScript: Node.js loads it before anything could compile TypeScript.
const NativeURL = globalThis.URL;

class FaultyURL extends NativeURL {
  constructor(input, base) {
    const text = String(input);
    // React Router reads each location against this base while it renders (encodeLocation).
    if (base === "http://localhost" && text.includes("/injected-render-fault")) {
      throw new TypeError("Invalid URL (a fault injected by a test)");
    }
    if (text.includes("/injected-uncaught-fault")) {
      setImmediate(() => {
        throw new Error("an uncaught fault injected by a test");
      });
    }
    if (text.includes("/injected-rejection-fault")) {
      void Promise.reject(new Error("a rejected promise injected by a test"));
    }
    super(input, base);
  }
}

globalThis.URL = FaultyURL;
