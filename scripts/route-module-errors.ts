/**
 * React Router 8 reloads the page itself whenever a route module fails to load
 * (react-router/lib/dom/ssr/routeModules.ts), every time and with no way to change it: no guard
 * against a loop, and no error page when reloading does not help (were the import error thrown
 * instead, its single-fetch navigation would drop it and render the route empty). This Vite
 * plugin rewrites that reload, in the client build, into the signal Vite gives for its own failed
 * dynamic imports: a cancelable `vite:preloadError` event on window. The listener
 * (app/lib/chunk-reload.ts) cancels it when it reloads the page; when it does not, the route gets a
 * component that throws the import error, so the error boundary shows it. The build fails if React
 * Router's code no longer reads as expected, so an upgrade cannot drop this silently.
 */
import type { Plugin } from "vite";

const LOADER = /react-router\/dist\/(production|development)\/lib\/dom\/ssr\/routeModules\.js$/;
const RELOAD = /window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\}\);/;
const PRELOAD_ERROR = `const event = new Event("vite:preloadError", { cancelable: true });
		event.payload = error;
		window.dispatchEvent(event);
		if (event.defaultPrevented) return new Promise(() => {});
		return { default() { throw error; } };`;

export function routeModuleErrors(): Plugin {
  let rewritten = false;
  return {
    name: "meridian:route-module-errors",
    apply: "build",
    transform: {
      filter: { id: LOADER },
      handler(code) {
        if (this.environment.name !== "client") return;
        if (!RELOAD.test(code)) this.error("React Router's route module loader changed: check scripts/route-module-errors.ts");
        rewritten = true;
        return code.replace(RELOAD, PRELOAD_ERROR);
      },
    },
    buildEnd() {
      if (this.environment.name === "client" && !rewritten) this.error("React Router's route module loader was not in the client build");
    },
  };
}
