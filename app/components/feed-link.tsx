import { format, useLocale, useMessages } from "../i18n.ts";
import { feedPath } from "../lib/feeds.ts";

/** The `<link rel="alternate">` to the publisher's feed, or to a journal's: React puts it in the head. */
export function FeedLink({ journal }: { journal?: { slug: string; title: string } }) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <link
      rel="alternate"
      type="application/atom+xml"
      title={format(t.feeds.title, { name: journal?.title ?? t.site.name })}
      href={feedPath(locale, journal?.slug)}
    />
  );
}
