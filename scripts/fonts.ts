/**
 * The site's typefaces (docs/decisions/030-typography.md), a Vite plugin:
 * - `virtual:meridian/fonts.css` holds each family's faces: the Fontsource package's variable WOFF2
 *   files of the latin and latin-ext subsets, with the package's own unicode ranges, so that a page
 *   downloads a subset only when its text has a character in it; then, per family, fallback faces
 *   over fonts the visitor's system has, whose size-adjust and ascent, descent and line-gap
 *   overrides Capsize computes from both fonts' metrics (regular, italic, bold, bold italic), so
 *   that a page drawn in them (its fonts came too late for its first paint: `font-display: optional`)
 *   takes the room it takes in the web fonts; and each family's stack as a custom property, which
 *   app.css's theme names: the fitted fallbacks alone, and under `html.fonts` the fonts first
 *   (app/components/shell/web-fonts.tsx; decision 030: a first page fetches no font).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createFontStack, type FontMetrics } from "@capsizecss/core";
import type { Plugin } from "vite";

interface Family {
  /** The custom property holding the family's stack. */
  property: `--${string}`;
  /** The Fontsource package of its variable font. */
  package: string;
  /** Its metrics' name in Capsize's collection. */
  metrics: string;
  /** Fonts the visitor's system may have, in order: their metrics' name and, when it differs, the family it is installed as. */
  fallbacks: { metrics: string; installedAs?: string }[];
  generic: "sans-serif" | "serif";
}

export const families: Family[] = [
  {
    property: "--font-stack-sans",
    package: "@fontsource-variable/source-sans-3",
    metrics: "sourceSans3",
    // Windows, macOS and iOS; Linux (Liberation Sans 2 is Arimo renamed); Android.
    fallbacks: [{ metrics: "arial" }, { metrics: "arimo", installedAs: "Liberation Sans" }, { metrics: "roboto" }],
    generic: "sans-serif",
  },
  {
    property: "--font-stack-serif",
    package: "@fontsource-variable/vollkorn",
    metrics: "vollkorn",
    fallbacks: [{ metrics: "timesNewRoman" }, { metrics: "tinos", installedAs: "Liberation Serif" }, { metrics: "notoSerif" }],
    generic: "serif",
  },
];

export const subsets = ["latin", "latin-ext"] as const;
const styles = ["normal", "italic"] as const;
/** The styles the fallback fonts have; text at 500 takes the regular face, at 600 the bold one (CSS font matching). */
const variants = [
  { weight: 400, style: "normal", name: "regular" },
  { weight: 400, style: "italic", name: "italic" },
  { weight: 700, style: "normal", name: "700" },
  { weight: 700, style: "italic", name: "700italic" },
] as const;
type Variant = (typeof variants)[number];

const require = createRequire(import.meta.url);
const readJson = (specifier: string) => JSON.parse(readFileSync(require.resolve(specifier), "utf8"));

/** A file of a family's package, as the bundler resolves it. */
export const fontFile = (family: Family, subset: (typeof subsets)[number], style: (typeof styles)[number]) =>
  `${family.package}/files/${family.package.split("/")[1]}-${subset}-wght-${style}.woff2`;

async function metricsOf(name: string, variant: Variant): Promise<FontMetrics> {
  return (await import(`@capsizecss/metrics/${name}/${variant.name}`)).default;
}

/** A font's metrics under the names another build of it is installed as (its full and PostScript names follow the family's). */
function renamed(metrics: FontMetrics, familyName: string): FontMetrics {
  const from = metrics.familyName;
  return {
    ...metrics,
    familyName,
    fullName: metrics.fullName?.replace(new RegExp(`^${from}( Regular)?`), familyName),
    postscriptName: metrics.postscriptName?.replace(new RegExp(`^${from}(-Regular)?`), familyName.replaceAll(" ", "")),
  };
}

/** The family's own faces: one per subset and style, every weight the variable font has. */
function webFontFaces(family: Family, name: string): string {
  const unicode: Record<string, string> = readJson(`${family.package}/unicode.json`);
  const { wght } = readJson(`${family.package}/metadata.json`).variable;
  return styles
    .flatMap((style) =>
      subsets.map((subset) =>
        [
          "@font-face {",
          `  font-family: "${name}";`,
          `  font-style: ${style};`,
          `  font-weight: ${wght.min} ${wght.max};`,
          "  font-display: optional;",
          `  src: url("${fontFile(family, subset, style)}") format("woff2");`,
          `  unicode-range: ${unicode[subset]};`,
          "}",
        ].join("\n"),
      ),
    )
    .join("\n");
}

/** The stylesheet: every family's faces, its fallbacks' faces, and the stacks. */
export async function fontsCss(): Promise<string> {
  const rules: string[] = [];
  const stacks: string[] = [];
  const fitted: string[] = [];
  for (const family of families) {
    let stack = "";
    for (const variant of variants) {
      const primary = await metricsOf(family.metrics, variant);
      const fallbacks = await Promise.all(
        family.fallbacks.map(async ({ metrics, installedAs }) => {
          const fallback = await metricsOf(metrics, variant);
          return installedAs ? renamed(fallback, installedAs) : fallback;
        }),
      );
      if (variant === variants[0]) rules.push(webFontFaces(family, primary.familyName));
      const created = createFontStack([primary, ...fallbacks], {
        fontFaceProperties: { fontWeight: variant.weight, fontStyle: variant.style },
      });
      rules.push(created.fontFaces);
      stack = created.fontFamily;
    }
    // Without `html.fonts` (a visitor's first page, decision 030) the stack starts at the fitted fallbacks.
    fitted.push(`  ${family.property}: ${stack.slice(stack.indexOf(",") + 1).trim()}, ${family.generic};`);
    stacks.push(`  ${family.property}: ${stack}, ${family.generic};`);
  }
  return [...rules, `:root {\n${fitted.join("\n")}\n}`, `:root.fonts {\n${stacks.join("\n")}\n}`, ""].join("\n");
}

const CSS_ID = "virtual:meridian/fonts.css";

export function fonts(): Plugin {
  return {
    name: "meridian:fonts",
    enforce: "pre",
    resolveId(id) {
      return id === CSS_ID ? `\0${id}` : undefined;
    },
    load(id) {
      return id === `\0${CSS_ID}` ? fontsCss() : undefined;
    },
  };
}
