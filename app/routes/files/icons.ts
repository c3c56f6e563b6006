/**
 * The icon sprite (`icons`): the file the root's data names, kept by browsers and CDNs for a year
 * since its name is a hash of its bytes; a name no locale's sprite has any more (a page from before
 * a content change) is a 404.
 */
import { IMMUTABLE } from "../../../contract/route-rules.ts";
import { locales } from "../../../i18n/locales.ts";
import { siteConfigContext } from "../../context.server.ts";
import { frameSprite } from "../../lib/icons.server.ts";
import { resourceLoader } from "../../lib/resource.server.ts";

export const loader = resourceLoader(async ({ api, params, context }) => {
  const { iconApiUrl } = context.get(siteConfigContext);
  for (const locale of locales) {
    const sprite = await frameSprite(await api.initial(locale), iconApiUrl);
    if (sprite.file === params.file) {
      return new Response(sprite.svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": IMMUTABLE } });
    }
  }
  return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
});
