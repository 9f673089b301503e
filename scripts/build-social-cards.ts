/**
 * Link previews in the brand (shared/social-cards.ts): a 1200×630 PNG per fixed page and one
 * for every other page, drawn at build time into build/client/images/social/. Social networks
 * show no SVG and fetch no fonts, so the words are the brand typeface's own glyph outlines
 * (fontkit lays them out from a static instance subset-font cuts at each weight), drawn as
 * SVG paths, then rasterised by sharp. Nothing is fetched.
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import * as fontkit from "fontkit";
import sharp from "sharp";
import subsetFont from "subset-font";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import {
  defaultSocialCard,
  socialCardName,
  socialCards,
  socialImagePath,
  type SocialCard,
} from "#shared/social-cards.ts";

const root = path.resolve(import.meta.dirname, "..");
const outRoot = path.join(root, "build", "client");
const fontFile = path.join(
  root,
  "node_modules/@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2",
);

const WIDTH = 1200;
const HEIGHT = 630;
const MARGIN = 80;
/** The dark theme's colours (client/app.css): ink, its text, the accent. */
const colours = { ink: "#0e1417", text: "#f4ede4", soft: "#c9d1d6", accent: "#ff8a6a" };

const brand = defaultSiteSettings.brandName;
const domain = defaultSiteSettings.email.split("@")[1] ?? "";
const cards: Array<[string, SocialCard]> = [...Object.entries(socialCards), ["/default", defaultSocialCard]];
const allText = [
  brand,
  domain,
  ...cards.flatMap(([, card]) => [card.eyebrow.toUpperCase(), card.title]),
].join("");

/** The typeface at one weight, cut to the characters the cards use. */
async function fontAt(weight: number): Promise<fontkit.Font> {
  const static_ = await subsetFont(await readFile(fontFile), allText, {
    targetFormat: "sfnt",
    variationAxes: { wght: weight },
  });
  const font = fontkit.create(Buffer.from(static_));
  if (!("layout" in font)) throw new Error("the brand font is a collection, not one face");
  return font;
}

type Text = { font: fontkit.Font; size: number; tracking?: number };

/** A run of text as one SVG path, its left edge at 0 and baseline at 0, and its width in px. */
function shape(text: string, { font, size, tracking = 0 }: Text): { d: string; width: number } {
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let x = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    if (!position) return;
    // Font units point up; SVG's y points down: flip each glyph about the baseline.
    parts.push(
      glyph.path
        .scale(scale, -scale)
        .translate(x + position.xOffset * scale, 0)
        .toSVG(),
    );
    x += position.xAdvance * scale + tracking * size;
  });
  return { d: parts.join(""), width: x - tracking * size };
}

/** Words broken into lines no wider than `width`. */
function wrap(text: string, style: Text, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && shape(`${last} ${word}`, style).width <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const textPath = (d: string, x: number, y: number, fill: string) =>
  `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)})" fill="${fill}" d="${d}"/>`;

/** The contour motif (client/components/ui/contour-art.tsx), bled off the right edge. */
function contours(): string {
  const rings = Array.from({ length: 8 }, (_, ring) => {
    const grow = ring * 34;
    return `<path d="M${560 - grow} 250 C ${560 - grow} ${150 - grow * 0.6}, ${700 + grow * 0.4} ${110 - grow * 0.7}, ${760 + grow * 0.5} ${190 - grow * 0.3} S ${900 + grow} ${330 + grow * 0.4}, ${760 + grow * 0.3} ${360 + grow * 0.5} S ${560 - grow} ${350 + grow * 0.3}, ${560 - grow} 250 Z"/>`;
  });
  return `<g transform="translate(260 40) scale(1.2)" fill="none" stroke="${colours.accent}" stroke-opacity="0.28" stroke-width="1.6">${rings.join("")}</g>`;
}

async function main() {
  const [bold, heavy] = await Promise.all([fontAt(700), fontAt(800)]);
  const outDir = path.join(outRoot, path.dirname(socialImagePath("/default")));
  await mkdir(outDir, { recursive: true });

  const mark = `<g transform="translate(${MARGIN} 72) scale(2)"><rect width="32" height="32" rx="9" fill="${colours.accent}"/><path d="M5 22.5 12.5 11l4.6 6.6 2.9-3.9 7 8.8z" fill="${colours.ink}"/><path d="M7 26.5c4-1.6 14-1.6 18 0" fill="none" stroke="${colours.ink}" stroke-opacity="0.7" stroke-width="1.6" stroke-linecap="round"/></g>`;
  const brandName = shape(brand, { font: heavy, size: 34 });
  const site = shape(domain, { font: bold, size: 26 });

  for (const [pagePath, card] of cards) {
    // The largest title size that fits three lines.
    let titleStyle: Text = { font: heavy, size: 84 };
    let lines = wrap(card.title, titleStyle, WIDTH - 2 * MARGIN - 60);
    while (lines.length > 3 && titleStyle.size > 48) {
      titleStyle = { font: heavy, size: titleStyle.size - 6 };
      lines = wrap(card.title, titleStyle, WIDTH - 2 * MARGIN - 60);
    }
    const lineHeight = titleStyle.size * 1.04;
    const titleTop = 470 - (lines.length - 1) * lineHeight;
    const eyebrow = shape(card.eyebrow.toUpperCase(), { font: bold, size: 24, tracking: 0.14 });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${colours.ink}"/>
${contours()}
${mark}
${textPath(brandName.d, MARGIN + 84, 118, colours.text)}
${textPath(eyebrow.d, MARGIN, titleTop - titleStyle.size - 14, colours.accent)}
${lines.map((line, index) => textPath(shape(line, titleStyle).d, MARGIN, titleTop + index * lineHeight, colours.text)).join("\n")}
<rect x="${MARGIN}" y="${HEIGHT - 62}" width="64" height="6" rx="3" fill="${colours.accent}"/>
${textPath(site.d, WIDTH - MARGIN - site.width, HEIGHT - 50, colours.soft)}
</svg>`;
    const file = path.join(outDir, `${socialCardName(pagePath)}.png`);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(file);
  }
  console.log(`social cards: ${cards.length} in ${path.relative(root, outDir)}`);
}

await main();
