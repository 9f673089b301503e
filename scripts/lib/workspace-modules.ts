/**
 * The staff workspace's own modules: its routes and components, the browser helpers and
 * shared shapes only it uses, and the passkey library. The build keeps them out of the
 * `common` chunk every hydrating visitor page loads (docs/decisions/028-staff-workspace-ui.md);
 * tests/unit/workspace-chunk.test.ts fails when a module only the workspace imports is
 * missing here.
 */
export const workspaceModule =
  /[\\/](components[\\/]workspace|routes[\\/]workspace|lib[\\/](workspace-[a-z-]+|news-categories-api)|shared[\\/](staff-[a-z-]+|inbox|content-fields|content-page|site-settings-fields|site-settings-access|page-snippets|lead-source|insights|news-categories|preview-links|calendar-feed|lead-names|audit-actions)\.)|@simplewebauthn/;
