/**
 * How the browser's code is cut into files (decision 027). Left to itself, Rolldown gives every
 * set of route modules that shares some code a chunk of its own: twenty files on the home page,
 * half of them under 1 kB. This Vite plugin groups, in the client build only:
 * - the framework (React, React DOM, its scheduler, React Router, Vite's preload helper): one
 *   file, which changes only with an upgrade;
 * - the shell: the modules of ours the root route imports (header, footer, route table, the
 *   site's Link, …), which every page runs: one file.
 * - shared: our small modules (2.5 kB of source at most) that four or more of the build's entry
 *   files import (formatting, covers, identifiers, page headers, …): one file instead of three to
 *   six of a few hundred bytes each on most pages, for about the same bytes (decision 027, amended).
 * Route modules stay files of their own, named after their route (the browser tests rely on it),
 * and so do dynamic imports (each locale's messages, the phone library, the forms' check, Floating UI)
 * and the larger code only some pages share: grouping all of it was tried, and cost the pages
 * that do not use it more than the requests it saved.
 */
import path from "node:path";
import type { Plugin } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0vite[\\/]preload-helper/;
const MESSAGES = /[\\/]i18n[\\/]messages[\\/]/;
const APP = path.join(root, "app");
const ROUTES = path.join(root, "app/routes");

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules `start` imports, directly or through others (static imports only). */
function reachableFrom(start: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function clientChunks(): Plugin {
  const rootModule = path.join(root, "app/root.tsx");
  let shell: Set<string> | undefined;
  return {
    name: "meridian:client-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: FRAMEWORK, priority: 2 },
                  {
                    name: (id, graph) => {
                      shell ??= reachableFrom(rootModule, graph);
                      // The messages are imported statically only by the server's branch (app/i18n.ts); the browser imports them.
                      return shell.has(id) && id !== rootModule && !id.includes("node_modules") && !MESSAGES.test(id) ? "shell" : null;
                    },
                    priority: 1,
                  },
                  {
                    // Not the route modules, which stay files of their own.
                    name: "shared",
                    test: (id) => id.startsWith(APP) && !id.startsWith(ROUTES),
                    minShareCount: 4,
                    maxModuleSize: 2500,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
