/**
 * React Router 8 reloads the page itself whenever a route module fails to load
 * (react-router/lib/dom/ssr/routeModules.ts), every time and with no way to change it: no guard
 * against a loop, no error page when reloading does not help (were the import error thrown
 * instead, its single-fetch navigation would drop it and render the route empty), and a reload
 * even when the module was only wanted by a link's prefetch (lib/dom/ssr/links.ts), under the
 * eyes of a visitor who has not clicked anything. This Vite plugin rewrites, in the client build:
 * - the reload into the signal Vite gives for its own failed dynamic imports, a cancelable
 *   `vite:preloadError` event on window. The listener (app/lib/chunk-reload.ts) cancels it when it
 *   reloads the page; when it does not, the route gets a component that throws the import error,
 *   so the error boundary shows it;
 * - the prefetch's call, so that its failure is quiet: no links, nothing cached, and the
 *   navigation, if one comes, imports the module again.
 * The build fails if React Router's code no longer reads as expected, so an upgrade cannot drop
 * this silently.
 */
import type { Plugin } from "vite";

interface Rewrite {
  file: RegExp;
  edits: { from: RegExp; to: string }[];
}

const rewrites: Rewrite[] = [
  {
    file: /react-router\/dist\/(production|development)\/lib\/dom\/ssr\/routeModules\.js$/,
    edits: [
      {
        from: /async function loadRouteModule\(route, routeModulesCache\) \{/,
        to: "async function loadRouteModule(route, routeModulesCache, prefetching = false) {",
      },
      {
        from: /\} catch \(error\) \{(\s*)console\.error\(`Error loading route module/,
        to: "} catch (error) {$1if (prefetching) return {};$1console.error(`Error loading route module",
      },
      {
        from: /window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\}\);/,
        to: `const event = new Event("vite:preloadError", { cancelable: true });
		event.payload = error;
		window.dispatchEvent(event);
		if (event.defaultPrevented) return new Promise(() => {});
		return { default() { throw error; } };`,
      },
    ],
  },
  {
    file: /react-router\/dist\/(production|development)\/lib\/dom\/ssr\/links\.js$/,
    edits: [{ from: /let mod = await loadRouteModule\(route, routeModules\);/, to: "let mod = await loadRouteModule(route, routeModules, true);" }],
  },
];

export function routeModuleErrors(): Plugin {
  const rewritten = new Set<Rewrite>();
  return {
    name: "meridian:route-module-errors",
    apply: "build",
    transform: {
      filter: { id: rewrites.map((rewrite) => rewrite.file) },
      handler(code, id) {
        if (this.environment.name !== "client") return;
        const rewrite = rewrites.find((candidate) => candidate.file.test(id));
        if (!rewrite) return;
        let result = code;
        for (const { from, to } of rewrite.edits) {
          if (!from.test(result)) this.error(`React Router's ${id.split("/").pop()} changed: check scripts/route-module-errors.ts`);
          result = result.replace(from, to);
        }
        rewritten.add(rewrite);
        return result;
      },
    },
    buildEnd() {
      if (this.environment.name === "client" && rewritten.size !== rewrites.length) {
        this.error("React Router's route module loader or its prefetch links were not in the client build");
      }
    },
  };
}
