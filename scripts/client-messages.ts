/**
 * What the browser gets of the messages (decision 027), a Vite plugin:
 * - each locale's messages are a file of their own (app/i18n.ts imports them dynamically), less
 *   the namespaces `browserOmits` names (i18n/messages/index.ts): in the browser build, the
 *   module is the messages' data without them;
 * - `virtual:meridian/form-messages` is both locales' `forms` namespace, which the form pages'
 *   code carries (app/components/form/messages.ts);
 * - `virtual:meridian/messages-files` tells the server build where each locale's file ended up
 *   (the browser build names it with a hash), `{ en, tr }` as URLs, so that the root asks the
 *   browser to preload the page's. React Router builds the browser's code first, then the
 *   server's, with the same plugin instance, so the names are known by then.
 * In development the modules are the sources themselves, whole.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { type Locale, locales } from "../i18n/locales.ts";
import { browserOmits, messages } from "../i18n/messages/index.ts";

const root = path.resolve(import.meta.dirname, "..");
const FILES_ID = "virtual:meridian/messages-files";
const FORMS_ID = "virtual:meridian/form-messages";
const sourceOf = (locale: Locale) => path.join(root, `i18n/messages/${locale}.ts`);

/** A locale's messages without the namespaces the browser does not need. */
function browserMessages(locale: Locale) {
  const omitted = new Set<string>(browserOmits);
  return Object.fromEntries(Object.entries(messages[locale]).filter(([namespace]) => !omitted.has(namespace)));
}

export function clientMessages(): Plugin {
  let command: "build" | "serve" = "build";
  let base = "/";
  /** Each locale's messages file in the browser build, as a URL. */
  const files: Partial<Record<Locale, string>> = {};

  function filesModule(environment: string): string {
    // In development Vite serves the sources under their own paths.
    if (command === "serve") return `export default ${JSON.stringify(Object.fromEntries(locales.map((l) => [l, `${base}i18n/messages/${l}.ts`])))};`;
    // The browser's build does not read it: the root preloads the file only while rendering on the server.
    if (environment === "client") return "export default {};";
    const missing = locales.filter((locale) => !files[locale]);
    if (missing.length > 0) throw new Error(`no browser file for the ${missing.join(", ")} messages: the client build must come before the server's`);
    return `export default ${JSON.stringify(files)};`;
  }

  function formsModule(environment: string): string {
    if (command === "build" && environment === "client") {
      return `export default ${JSON.stringify(Object.fromEntries(locales.map((locale) => [locale, messages[locale].forms])))};`;
    }
    return [
      ...locales.map((locale) => `import { ${locale} } from ${JSON.stringify(sourceOf(locale))};`),
      `export default { ${locales.map((locale) => `${locale}: ${locale}.forms`).join(", ")} };`,
    ].join("\n");
  }

  return {
    name: "meridian:client-messages",
    enforce: "pre",
    configResolved(config) {
      command = config.command;
      base = config.base;
    },
    resolveId(id) {
      return id === FILES_ID || id === FORMS_ID ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${FILES_ID}`) return filesModule(this.environment.name);
      if (id === `\0${FORMS_ID}`) return formsModule(this.environment.name);
      if (command !== "build" || this.environment.name !== "client") return undefined;
      const locale = locales.find((l) => id === sourceOf(l));
      return locale && `export const ${locale} = ${JSON.stringify(browserMessages(locale))};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        const locale = chunk.type === "chunk" ? locales.find((l) => chunk.facadeModuleId === sourceOf(l)) : undefined;
        if (locale) files[locale] = `${base}${chunk.fileName}`;
      }
    },
  };
}
