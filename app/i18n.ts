/**
 * The current locale and its messages, from the URL (English at the root, Turkish under /tr).
 *
 * The server has both locales' messages. The browser is sent only the page's (decision 027), less
 * the forms' and the API's (`browserOmits`, i18n/messages/index.ts): each locale's are a file of
 * their own, which the server asks the browser to preload (root.tsx) and entry.client.tsx imports
 * before hydrating; the other locale's are imported when a page in it is first rendered, which
 * holds that navigation (a transition) until they arrive.
 */
import { use } from "react";
import { useLocation } from "react-router";
import { type Locale, localeOfPath } from "../i18n/locales.ts";
import { type PageMessages, messages as serverMessages } from "../i18n/messages/index.ts";

/** The messages the browser has loaded, by locale (without the namespaces it is not sent). */
const loaded: Partial<Record<Locale, PageMessages>> = {};
const loading = new Map<Locale, Promise<PageMessages>>();
const rendering = new Map<Locale, Promise<PageMessages>>();

/** Never settles: the page is being loaded again. */
const reloading = () => new Promise<PageMessages>(() => {});

/** Imports a locale's messages in the browser, once; a failure rejects, and the next call tries again. */
export function loadMessages(locale: Locale): Promise<PageMessages> {
  let messages = loading.get(locale);
  if (!messages) {
    const file = locale === "tr" ? import("../i18n/messages/tr.ts").then((m) => m?.tr) : import("../i18n/messages/en.ts").then((m) => m?.en);
    messages = file.then(
      // None: the import failed and lib/chunk-reload.ts is reloading the page.
      (read) => {
        if (!read) return reloading();
        loaded[locale] = read;
        return read;
      },
      (error: Error) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, messages);
  }
  return messages;
}

/**
 * The messages a render waits for (a page in the other locale, opened in the app). Should they not
 * load, the page shown (the address is already the new page's) is loaded whole from the server,
 * which renders it with its messages.
 */
function messagesToRender(locale: Locale): Promise<PageMessages> {
  let messages = rendering.get(locale);
  if (!messages) {
    messages = loadMessages(locale).catch((error: Error) => {
      console.warn(`messages for ${locale} unavailable, loading the page: ${error.message}`);
      window.location.reload();
      return reloading();
    });
    rendering.set(locale, messages);
  }
  return messages;
}

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

export type { PageMessages };

/** The page's messages, less the namespaces the browser is not sent (`browserOmits`; the forms' are useFormMessages'). */
export function useMessages(): PageMessages {
  const locale = useLocale();
  // Vite makes the condition a constant: the browser's build keeps only the second branch, without the messages.
  if (import.meta.env.SSR) return serverMessages[locale];
  return loaded[locale] ?? use(messagesToRender(locale));
}

export { format, plural } from "../i18n/format.ts";
