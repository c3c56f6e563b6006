/**
 * The browser's entry: React Router's own, except that it first imports the page's messages
 * (app/i18n.ts), whose file the server has already asked the browser to preload, so that the
 * first render has them, as the server's did.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeOfPath } from "../i18n/locales.ts";
import { loadMessages } from "./i18n.ts";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Should the file fail to load, the page stays as the server rendered it, which works without JavaScript.
loadMessages(localeOfPath(window.location.pathname)).then(hydrate, (error: Error) =>
  console.error(`the page's messages did not load: ${error.message}`),
);
