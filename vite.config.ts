import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { recordClientModules } from "./scripts/lib/client-module-list.ts";
import { islands } from "./scripts/lib/islands-plugin.ts";
import { siteScript } from "./scripts/lib/site-script-plugin.ts";
import { noScriptPageModule } from "./scripts/lib/no-script-page-modules.ts";
import { workspaceModule } from "./scripts/lib/workspace-modules.ts";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [siteScript(), islands(), tailwindcss(), reactRouter(), recordClientModules()],
  // The server bundle takes the icons it uses: importing the whole icon package cost the
  // server 0.2 s and 35 MB at start-up (docs/decisions/023-start-up-and-memory.md).
  ssr: { noExternal: ["lucide-react"] },
  build: {
    // Inlined data: URIs would need a CSP exception; keep every asset a file.
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Fewer, larger chunks: on a slow phone network each request costs a round trip,
            // and the default split gives every page a dozen files of a few hundred bytes.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 20,
                },
                {
                  // Small pieces most pages use (layout, sections, icons); the heavy ones
                  // (carousel, form validation and the API's messages) stay with the pages
                  // that need them, and what only pages without JavaScript use never reaches it.
                  // The service pages' opening imports the carousel, so it stays out too: a
                  // group also takes what its modules import.
                  name: "common",
                  test: (id: string) =>
                    /[\\/](client|shared)[\\/]|lucide-react/.test(id) &&
                    !workspaceModule.test(id) &&
                    !noScriptPageModule.test(id) &&
                    // Each page's snippet is resolved on the server (client/root.tsx): in the
                    // browser only the workspace's snippet editor uses this list. The visit
                    // field is only the forms'.
                    !/[\\/](forms|request-messages|screenshot-showcase|service-hero|showcase-slides|use-lazy-carousel|snippet-pages|visit-source)/.test(
                      id,
                    ),
                  minShareCount: 2,
                  priority: 10,
                },
                {
                  // The form rules and the pieces they use (the e-mail domain's punycode, the
                  // invisible-character check), in one file: the workspace imports a part alone.
                  name: "rules",
                  test: /[\\/]shared[\\/]forms[\\/](rules|invisible-characters)\.ts$|node_modules[\\/]punycode[\\/]/,
                  priority: 7,
                },
                {
                  // The appointment form's dates and labels, which the workspace's meetings also
                  // show: before the workspace's group, so /book-appointment loads this, not it.
                  name: "appointment",
                  test: /[\\/]shared[\\/]forms[\\/]appointment\.ts$/,
                  priority: 6,
                },
                {
                  // The staff workspace's own pieces, loaded only on /admin. After `common`, which
                  // leaves them out: a group also takes what its modules import, and the pieces
                  // visitor pages share must stay in `common` (docs/decisions/028-staff-workspace-ui.md).
                  name: "workspace",
                  test: workspaceModule,
                  minShareCount: 2,
                  priority: 5,
                },
              ],
            },
          },
        },
  },
}));
