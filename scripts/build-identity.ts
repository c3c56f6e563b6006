/**
 * Gives every production build an identity: a Vite plugin that writes, into the client build,
 * `_app/builds/latest.json` (`{ id, timestamp }`) and `_app/builds/meta/{id}.json` (the same, with
 * the server's route rules, the prerendered paths and the redirects known at build time), and
 * makes the id the browser code's `__BUILD_ID__`, so an open tab can tell when another build is
 * deployed (app/lib/build-updates.ts).
 */
import { randomUUID } from "node:crypto";
import type { Plugin } from "vite";
import { BUILDS_PATH, routeRules } from "../contract/route-rules.ts";
import { prerenderPathsOf } from "../server/prerendered.ts";

interface BuildMeta {
  id: string;
  timestamp: number;
  routeRules: ReturnType<typeof routeRules>;
  prerendered: string[];
  /** Empty: the only redirect, ROOT_REDIRECT, is set when the server starts, not at build time. */
  redirects: { from: string; to: string; status: number }[];
}

export function buildIdentity(): Plugin {
  // Random, not a hash of the output: the id is part of the output it would hash.
  const id = randomUUID();
  const timestamp = Date.now();
  const dir = BUILDS_PATH.slice(1);
  return {
    name: "meridian:build-identity",
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    generateBundle() {
      if (this.environment.name !== "client") return;
      const meta: BuildMeta = {
        id,
        timestamp,
        routeRules: routeRules(),
        // scripts/prerender.ts renders these right after this build, from the same environment.
        prerendered: prerenderPathsOf(process.env.PRERENDER_PATHS).map((p) => new URL(p, "http://site").pathname),
        redirects: [],
      };
      this.emitFile({ type: "asset", fileName: `${dir}/latest.json`, source: `${JSON.stringify({ id, timestamp })}\n` });
      this.emitFile({ type: "asset", fileName: `${dir}/meta/${id}.json`, source: `${JSON.stringify(meta, null, 2)}\n` });
    },
  };
}
