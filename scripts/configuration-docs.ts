/**
 * docs/configuration.md, written from the configuration's schema (server/config.ts) so that the page
 * cannot say other than what the server takes: one row per variable, in the schema's order, with
 * the default the server uses when it is unset (or the schema's `shownDefault`) and its
 * `description`. `node scripts/configuration-docs.ts` writes the page; with `--check` it only
 * compares, and exits 1 when the page is out of date. A path after the options names another file
 * (the tests' copies).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { configSchema } from "../server/config.ts";

const root = path.resolve(import.meta.dirname, "..");
export const DOC_FILE = "docs/configuration.md";

const INTRO = `# Configuration

Every setting is an environment variable, validated when the server starts; a bad value stops the
start with a message naming it.

This page is written from the schema in server/config.ts, where each variable carries its text
(\`npm run docs:configuration\`; \`npm test\` fails when the page is out of date).
`;

/** What the server takes when the variable is unset; an empty value or list reads as none. */
function shownDefault(name: string, field: z.ZodType): string {
  const unset = field.safeParse(undefined);
  if (!unset.success) throw new Error(`${name} is required: this page has no way to say so yet`);
  const value = unset.data;
  if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "—";
  return `\`${String(value)}\``;
}

// A table cell is one line, and a pipe in it would end the cell.
const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replaceAll("|", "\\|");

export function configurationDoc(): string {
  const rows = Object.entries<z.ZodType>(configSchema.shape).map(([name, field]) => {
    const meta = field.meta();
    if (!meta?.description?.trim()) throw new Error(`${name} has no description: give it one in server/config.ts, .meta({ description })`);
    return `| \`${name}\` | ${cell(meta.shownDefault ?? shownDefault(name, field))} | ${cell(meta.description)} |`;
  });
  return `${INTRO}\n| variable | default | meaning |\n|---|---|---|\n${rows.join("\n")}\n`;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const file = args.find((a) => a !== "--check") ?? DOC_FILE;
  const target = file === DOC_FILE ? path.join(root, DOC_FILE) : path.resolve(file);
  const wanted = configurationDoc();
  if (!check) {
    writeFileSync(target, wanted);
    console.log(`wrote ${file}`);
  } else if (!existsSync(target) || readFileSync(target, "utf8") !== wanted) {
    console.error(`${file} is out of date: run npm run docs:configuration`);
    process.exit(1);
  }
}
