/** The sitemaps (app/lib/sitemap.server.ts): the index (`sitemap`), the site's (`sitemap-site`), a journal's parts (`sitemap-journal`). */
import { href } from "../../../contract/route-table.ts";
import { revisionContext } from "../../context.server.ts";
import { resourceLoader } from "../../lib/resource.server.ts";
import { createSitemaps } from "../../lib/sitemap.server.ts";

const sitemaps = createSitemaps();

export const loader = resourceLoader(({ api, origin, path, params: { slug, part }, context }) => {
  if (slug !== undefined && part !== undefined) return sitemaps.journal(api, origin, { slug, part, path });
  return path === href("sitemap") ? sitemaps.index(api, origin, context.get(revisionContext)) : sitemaps.site(api, origin);
});
