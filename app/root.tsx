import messageFiles from "virtual:meridian/messages-files";
import { type ReactNode, useEffect } from "react";
import { preloadModule } from "react-dom";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { href } from "../contract/route-table.ts";
import { type SiteConfig, socialNetworks } from "../contract/site-context.ts";
import type { Locale } from "../i18n/locales.ts";
import type { Route } from "./+types/root";
import { Analytics } from "./components/analytics.tsx";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { FeedLink } from "./components/feed-link.tsx";
import { Footer } from "./components/footer.tsx";
import { Header } from "./components/header.tsx";
import { HydrateLater } from "./components/hydrate-later.tsx";
import { IdlePrefetch } from "./components/idle-prefetch.tsx";
import { PageTitle } from "./components/page-title.tsx";
import { LoadingBar } from "./components/shell/loading-bar.tsx";
import { RouteAnnouncer } from "./components/shell/route-announcer.tsx";
import { WEB_FONTS_SCRIPT, WebFonts } from "./components/shell/web-fonts.tsx";
import { StructuredData } from "./components/structured-data.tsx";
import { siteConfigContext } from "./context.server.ts";
import { useLocale, useMessages } from "./i18n.ts";
import { alternatePaths } from "./lib/alternates.ts";
import { reloadOnChunkFailure } from "./lib/chunk-reload.ts";
import { emptyEntities, namedEntities, rootDataStale, useEntitiesHeld } from "./lib/entities.ts";
import { frameSprite, iconSymbol, socialIcon, withIcons } from "./lib/icons.server.ts";
import { emptyInitial } from "./lib/initial.ts";
import { loaderBase } from "./lib/load.server.ts";
import { perRevision } from "./lib/per-revision.server.ts";
import { useBuildUpdates } from "./lib/use-build-updates.ts";
import "virtual:meridian/fonts.css";
import "./app.css";

/** The root's data in each locale (and origin): the same on every page at a content revision. */
const rootData = perRevision<Awaited<ReturnType<typeof readRootData>>["value"]>(8);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale, origin } = loaderBase(request, context);
  return rootData.get(context, `${locale} ${origin}`, () => readRootData(api, locale, origin, context.get(siteConfigContext)));
}

/** The root's data, kept only when none of it is missing (the content service failed, or an icon could not be fetched). */
async function readRootData(api: ReturnType<typeof loaderBase>["api"], locale: Locale, origin: string, config: SiteConfig) {
  let whole = true;
  // Spec §8: when the initial fetch fails the site still renders, with no services or
  // policies and zeroed statistics.
  const [initial, entities] = await Promise.all([
    api.initial(locale).catch((error: Error) => {
      console.warn(`initial content unavailable: ${error.message}`);
      whole = false;
      return emptyInitial;
    }),
    // Without them the journal directory has no filters; the next navigation asks again.
    api
      .entities(locale)
      .then((all) => namedEntities(all, locale))
      .catch((error: Error) => {
        console.warn(`reference entities unavailable: ${error.message}`);
        whole = false;
        return emptyEntities;
      }),
  ]);
  const [services, policies, socialIcons, sprite] = await Promise.all([
    withIcons(initial.services, config.iconApiUrl),
    withIcons(initial.policies, config.iconApiUrl),
    Promise.all(socialNetworks.map((network) => iconSymbol(socialIcon(network)))),
    frameSprite(initial, config.iconApiUrl),
  ]);
  if ([...services, ...policies].some((item) => item.icon && !item.iconId)) whole = false;
  const value = {
    // What the frame and the home page show of the initial payload: the services, and the policies as
    // the header names them (their summaries are on their own pages; the statistics, the home page's loader's).
    initial: { services, policies: policies.map(({ id, icon, iconId, title, slug }) => ({ id, icon, iconId, title, slug })) },
    /** The sprite every icon of the page points into. */
    iconSprite: href("icons", { file: sprite.file }),
    entities,
    origin,
    links: {
      social: socialNetworks.map((network, i) => ({ network, url: config.social[network], iconId: socialIcons[i]?.id ?? null })),
      library: config.libraryUrl,
    },
    gaMeasurementId: config.gaMeasurementId,
  };
  return { value, keep: whole };
}

/**
 * The initial content and the reference entities are per locale: fetched again only when the
 * locale changes or the categories are empty, or when the page itself is opened again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (rootDataStale(currentUrl, nextUrl)) return true;
  return nextUrl.pathname === currentUrl.pathname && nextUrl.search === currentUrl.search ? defaultShouldRevalidate : false;
}

function AlternateLinks() {
  const origin = useRouteLoaderData<typeof loader>("root")?.origin ?? "";
  const locale = useLocale();
  const paths = alternatePaths(useMatches());
  if (!paths) return null;
  return (
    <>
      <link rel="canonical" href={origin + paths[locale]} />
      <link rel="alternate" hrefLang="en" href={origin + paths.en} />
      <link rel="alternate" hrefLang="tr" href={origin + paths.tr} />
      <link rel="alternate" hrefLang="x-default" href={origin + paths.en} />
      <FeedLink />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const t = useMessages();
  // A page that describes itself (an article's abstract) says so in its route's handle.
  const ownDescription = useMatches().some((m) => (m.handle as { ownDescription?: boolean } | undefined)?.ownDescription);
  // The page's messages, which the browser imports before hydrating (entry.client.tsx): fetched alongside the other modules.
  const messagesFile = import.meta.env.SSR ? messageFiles[locale] : undefined;
  if (messagesFile) preloadModule(messagesFile, { as: "script" });
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module's, hashed into the page's policy like every inline script */}
        <script dangerouslySetInnerHTML={{ __html: WEB_FONTS_SCRIPT }} />
        <meta name="keywords" content={t.site.keywords} />
        {!ownDescription && <meta name="description" content={t.site.description} />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <AlternateLinks />
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900 antialiased">
        <a href="#main" className="skip-link">
          {t.site.skipToContent}
        </a>
        <LoadingBar height={2} />
        <HydrateLater>
          <Header />
        </HydrateLater>
        <Breadcrumbs />
        <main id="main" className="flex-1">
          {children}
        </main>
        <HydrateLater>
          <Footer />
          <HydratedMark />
        </HydrateLater>
        <RouteAnnouncer />
        <WebFonts />
        <StructuredData />
        <Analytics />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks the document as interactive (the browser tests wait for it before clicking): in the page's
 * last part to hydrate, whose effects run once every part of the page has been hydrated.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export default function App() {
  useEffect(() => reloadOnChunkFailure(), []);
  useBuildUpdates();
  useEntitiesHeld();
  return (
    <>
      <Outlet />
      <IdlePrefetch />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useMessages();
  const locale = useLocale();
  let status = 500;
  let title = t.errors.serverErrorTitle;
  let message = t.errors.serverError;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    title = status === 404 ? t.errors.notFoundTitle : status === 503 ? t.errors.unavailableTitle : error.statusText || title;
    if (typeof error.data === "string" && error.data) message = error.data;
  } else if (error instanceof Error && error.message && import.meta.env.DEV) {
    message = error.message;
  }
  return (
    <section className="page-narrow py-20 text-center">
      <PageTitle title={title} />
      <p className="text-sm font-semibold tracking-widest text-orange-700">{status}</p>
      <h1 tabIndex={-1} className="mt-2 font-serif text-h1">
        {title}
      </h1>
      <p className="mt-4 break-words text-stone-600">{message}</p>
      <a className="btn-primary mt-8 inline-flex" href={locale === "tr" ? "/tr" : "/"}>
        {t.errors.backHome}
      </a>
    </section>
  );
}
