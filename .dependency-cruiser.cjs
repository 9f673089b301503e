/**
 * The server's layers and which way they may import (docs/decisions/034-server-layers.md).
 * Top may import below, never the reverse; shared/ is below everything. Run by
 * `npm run lint:layers` (scripts/lint-layers.mjs).
 */

/** Each layer's files, top first. */
const layers = [
  {
    name: "composition root",
    paths: ["^server/(index|start|app|load-context)[.]ts$"],
  },
  {
    name: "doors",
    paths: [
      "^server/(api|workspace|cli)/",
      // HTTP plumbing only app.ts and the doors use.
      "^server/http/",
      "^server/metrics/(endpoint|access|route-label|site-metrics)[.]ts$",
    ],
  },
  {
    name: "operations and jobs",
    paths: [
      "^server/operations/",
      // Jobs: started by index.ts through app.ts, they call operations and the database.
      "^server/alerts/",
      "^server/jobs/",
      // What operations report to the metrics; the metrics endpoint reads it.
      "^server/metrics/recorder[.]ts$",
    ],
  },
  {
    name: "services",
    paths: ["^server/(auth|mail|content|files)/"],
  },
  { name: "database", paths: ["^server/db/"] },
  {
    name: "base",
    paths: [
      // The platform: configuration, logging, the request's context, start and stop.
      "^server/platform/",
    ],
  },
];

/** Tests may reach anything (a test database, a sink); the rules are about the product's own code. */
const tests = "[.](test|spec)[.]tsx?$";

const upwardRules = layers.slice(1).map((layer, index) => ({
  name: `no-up-from-${layer.name.replaceAll(" ", "-")}`,
  comment: `The ${layer.name} layer may not import a layer above it (${layers
    .slice(0, index + 1)
    .map((above) => above.name)
    .join(", ")}).`,
  severity: "error",
  from: { path: layer.paths, pathNot: tests },
  to: {
    path: layers.slice(0, index + 1).flatMap((above) => above.paths),
  },
}));

/** Parts of the tree that never import another part: [name, from, to, why]. */
const apart = [
  [
    "no-visitor-door-into-staff-doors",
    "^server/api/",
    "^server/(workspace|cli)/",
    "The visitor API does not use the staff workspace's or the CLI's modules.",
  ],
  [
    "shared-below-everything",
    "^shared/",
    "^(server|client)/",
    "shared/ is read by the server and the browser alike: it imports neither.",
  ],
  [
    "client-not-server",
    "^client/",
    "^server/",
    "Browser code never imports server modules (the server reaches pages through the React Router build).",
  ],
  [
    "server-not-client",
    "^server/",
    "^client/",
    "The server loads the client only as the React Router build, at run time, never by import.",
  ],
  [
    "data-is-content",
    "^data/",
    "^(server|client|scripts|tests)/",
    "data/ is the built-in content both sides read: it imports only shared/ types and packages.",
  ],
];

const apartRules = apart.map(([name, from, to, comment]) => ({
  name,
  comment,
  severity: "error",
  from: { path: from, pathNot: tests },
  to: { path: to },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upwardRules,
    {
      name: "server-file-in-a-layer",
      comment: "Every server module belongs to a layer: add a new one's path to .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: "^server/", pathNot: [tests, ...layers.flatMap((layer) => layer.paths)] },
      to: { path: "^(server|shared)/" },
    },
    ...apartRules,
    {
      name: "no-circular",
      comment: "No module reaches itself through its imports.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|[.]react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // package.json `imports` aliases (#server/..., #shared/...) resolve like Node resolves them.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      importsFields: ["imports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
