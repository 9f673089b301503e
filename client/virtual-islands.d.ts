/** Each island's entry and the files it imports at once, built by scripts/lib/islands-plugin.ts. */
declare module "virtual:islands" {
  import type { IslandFiles, IslandName } from "#client/lib/island.tsx";
  const files: Record<IslandName, IslandFiles>;
  export default files;
}
