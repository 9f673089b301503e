import type { Config } from "@react-router/dev/config";

// Framework mode with our own Express server (see docs/decisions/001-framework-mode.md).
export default {
  appDirectory: "client",
  buildDirectory: "build",
  ssr: true,
  future: {
    // Adopt v8 behaviour now so the 7.x to 8.x upgrade is a version bump.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
