// The brand typeface, made for the site at build time (docs/decisions/022-brand-identity.md):
// Bricolage Grotesque's variable Latin file (weight axis) from its npm package, cut to the
// characters the site's copy uses and its weight axis to the range the design uses, and
// @font-face rules for it and for a fallback whose metrics are matched to it (capsize), so a
// page in the fallback looks the same size. `font-display: optional`: a font that is late for
// the first paint is not swapped in (it is cached for the next page), so text never moves.
// Both land in client/generated/ (not in git), where app.css and the root import them.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createFontStack } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import bricolage from "@capsizecss/metrics/bricolageGrotesque";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "client", "generated");
const source = path.join(
  root,
  "node_modules/@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2",
);

/** Printable ASCII and the typography the copy uses; anything else shows in the fallback. */
const codePoints = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  0xa0, // no-break space
  0xa9, // ©
  0xb7, // ·
  0xd7, // ×
  0xe9, // é
  0x2013, // –
  0x2014, // —
  0x2018, // ‘
  0x2019, // ’
  0x201c, // “
  0x201d, // ”
  0x2022, // •
  0x2026, // …
];
/** The weights the design uses: body 400 to display 800. */
const weights = { min: 400, max: 800 };

const hex = (n) => n.toString(16).toUpperCase();
/** The code points as unicode-range runs: U+20-7E, U+A0, … */
function unicodeRange(points) {
  const runs = [];
  for (const point of [...points].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

const font = await subsetFont(await readFile(source), String.fromCodePoint(...codePoints), {
  targetFormat: "woff2",
  variationAxes: { wght: weights },
});

// Arial's metrics serve Liberation Sans too: it was drawn to Arial's widths (Linux has it where Arial is missing).
const { fontFaces } = createFontStack([bricolage, arial], {
  fontFaceFormat: "styleObject",
});
const fallback = fontFaces[0]?.["@font-face"];
if (!fallback) throw new Error("capsize gave no fallback font face");

const css = `/* Made by scripts/build-font.mjs; not in git. */
@font-face {
  font-family: "Bricolage Grotesque";
  src: url("./brand-font.woff2") format("woff2");
  font-weight: ${weights.min} ${weights.max};
  font-style: normal;
  font-display: optional;
  unicode-range: ${unicodeRange(codePoints)};
}
@font-face {
  font-family: "Bricolage Grotesque Fallback";
  src: local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans");
  ascent-override: ${fallback.ascentOverride};
  descent-override: ${fallback.descentOverride};
  line-gap-override: ${fallback.lineGapOverride};
  size-adjust: ${fallback.sizeAdjust};
}
`;

await mkdir(out, { recursive: true });
await writeFile(path.join(out, "brand-font.woff2"), font);
await writeFile(path.join(out, "brand-font.css"), css);
console.log(
  `brand font: ${font.length} bytes, ${codePoints.length} characters, weights ${weights.min}-${weights.max}`,
);
