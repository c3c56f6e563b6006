/** The Atom feeds: the publisher's (`feed`) and a journal's (`journal-feed`), in the path's locale. */
import { feedResponse } from "../../lib/feeds.server.ts";
import { resourceLoader } from "../../lib/resource.server.ts";

export const loader = resourceLoader(({ api, locale, origin, path, params: { slug } }) =>
  feedResponse({ origin, locale, path }, async () => {
    if (slug === undefined) return { articles: (await api.latestArticles(locale)).Items };
    const latest = await api.latestArticles(locale, slug);
    return { journal: latest.journal, articles: latest.Items };
  }),
);
