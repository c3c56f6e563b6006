/**
 * The layers import downwards only (docs/decisions/019-layers.md): the ground floor (`contract/`,
 * `i18n/`, `forms/`) imports nothing of ours above it; `service/` imports only the ground floor;
 * `app/` imports the ground floor, and `service/` only from its server-only files (`*.server.ts`),
 * never from code that ships to the browser; `server/` imports the ground floor and `service/`, not
 * `app/` (it runs the build); nothing but `server/` and `scripts/` imports `server/`.
 * Reads every source file's imports (static and dynamic) as text.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const GROUND = ["contract", "i18n", "forms"];
/** What each top-level folder may import, besides itself. */
const allowed: Record<string, string[]> = {
  contract: ["i18n"],
  i18n: [],
  forms: ["i18n", "contract"],
  service: GROUND,
  app: [...GROUND, "service"],
  server: [...GROUND, "service"],
  scripts: [...GROUND, "service", "app", "server"],
  bench: [...GROUND, "service", "app", "server", "scripts"],
  tests: [...GROUND, "service", "app", "server", "scripts"],
};

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") || entry.name.startsWith("+") ? [] : sources(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const topFolder = (file: string) => file.split(path.sep)[0];
/** Files that never reach a browser: the `*.server.ts` convention, and tests. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const serverOnly = (file: string) => /\.server\.tsx?$/.test(file) || isTest(file);

function violations(): string[] {
  const found: string[] = [];
  for (const folder of Object.keys(allowed)) {
    for (const file of sources(folder)) {
      const text = readFileSync(path.join(root, file), "utf8");
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = path.relative(root, path.resolve(root, path.dirname(file), specifier));
        const to = topFolder(target);
        if (to === folder || !(to in allowed)) continue;
        // Any test may use the test helpers.
        if (to === "tests" && isTest(file)) continue;
        const fine = allowed[folder].includes(to) && !(folder === "app" && to === "service" && !serverOnly(file));
        if (!fine) found.push(`${file} → ${target}`);
      }
    }
  }
  return found;
}

describe("the layers", () => {
  it("import downwards only, and nothing that ships to the browser imports the content service", () => {
    expect(violations()).toEqual([]);
  });
});
