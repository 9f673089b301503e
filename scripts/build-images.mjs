// Link previews need a raster image: social networks do not render SVG. The PNG
// is made from its SVG source at build time rather than kept in git.
import { mkdir } from "node:fs/promises";
import sharp from "sharp";

await mkdir("build/client/images", { recursive: true });
await sharp("public/images/og-default.svg")
  .png({ compressionLevel: 9 })
  .toFile("build/client/images/og-default.png");
