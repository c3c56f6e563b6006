/**
 * Where a page sits in the site, from the home page down: each screen's name and the screen
 * above it. The router nests only the journal area and the contact hub, so the rest of the
 * hierarchy (a book under the books, a department under the departments under who-we-are) is
 * stated here, once, against the route table.
 */
import type { UIMatch } from "react-router";
import type { ArticleDetail, BookDetail, ContentItemDetail, DepartmentDetail, IssueArticles, JournalDetail } from "../../contract/api-types.ts";
import { fillPattern, parseRouterId, type RouteId, routeEntry, routerId, type ScreenId } from "../../contract/route-table.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { PageMessages } from "../../i18n/messages/index.ts";
import { issueLabel } from "./issue-label.ts";

/** The screen above each one, when it is not the home page. */
const above: Partial<Record<ScreenId, ScreenId>> = {
  departments: "about",
  department: "departments",
  service: "services",
  policy: "policies",
  journal: "journals",
  "journal-articles": "journal",
  "journal-issue": "journal-articles",
  "journal-article": "journal-issue",
  "journal-board": "journal",
  book: "books",
  "contact-finance": "contact",
  "contact-journal-operations": "contact",
  "contact-permission-request": "contact",
  "contact-quote-request": "contact",
};

/** The page's loader data of one screen, when the page is that screen or below it. */
type DataOf = <T>(id: RouteId) => T | undefined;

/** Reads the loader data of the screens the matches render. */
export const screenData =
  (matches: UIMatch[], locale: Locale): DataOf =>
  <T>(id: RouteId) =>
    matches.find((match) => match.id === routerId(id, locale))?.loaderData as T | undefined;

const names: Record<ScreenId, (t: PageMessages, data: DataOf) => string | undefined> = {
  home: (t) => t.nav.home,
  about: (t) => t.nav.whoWeAre,
  departments: (t) => t.nav.departments,
  department: (_, data) => data<{ department: DepartmentDetail }>("department")?.department.name,
  services: (t) => t.nav.services,
  service: (_, data) => data<{ item: ContentItemDetail }>("service")?.item.title,
  policies: (t) => t.nav.policies,
  policy: (_, data) => data<{ item: ContentItemDetail }>("policy")?.item.title,
  journals: (t) => t.nav.journals,
  // The article page is outside the journal area's layout: it names its journal and issue itself.
  journal: (_, data) => (data<{ journal: JournalDetail }>("journal") ?? data<{ article: ArticleDetail }>("journal-article")?.article)?.journal.title,
  "journal-overview": () => undefined,
  "journal-articles": (t) => t.journals.articles,
  "journal-articles-all": () => undefined,
  "journal-issue": (t, data) => {
    const issue = (data<{ result: IssueArticles }>("journal-issue")?.result ?? data<{ article: ArticleDetail }>("journal-article")?.article)?.issue;
    return issue && issueLabel(issue, t);
  },
  "journal-article": (_, data) => data<{ article: ArticleDetail }>("journal-article")?.article.title,
  "journal-board": (t) => t.journals.editorialBoard,
  books: (t) => t.nav.books,
  book: (_, data) => data<{ book: BookDetail }>("book")?.book.title,
  contact: (t) => t.contact.title,
  "contact-main": () => undefined,
  "contact-finance": (t) => t.contact.finance,
  "contact-journal-operations": (t) => t.contact.journalOperations,
  "contact-permission-request": (t) => t.contact.permissionRequest,
  "contact-quote-request": (t) => t.contact.quoteRequest,
  "permission-form": (t) => t.permissionForm.title,
  search: (t) => t.search.title,
};

/** One step of a trail: a screen's name and its absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/** The trail to the page the matches render, home first and the page last; empty off the route table. */
export function breadcrumbs(matches: UIMatch[], locale: Locale, t: PageMessages, origin: string): Crumb[] {
  const screens = matches.map((match) => parseRouterId(match.id)).filter((parsed) => parsed !== undefined);
  // An index screen (a journal's overview) is its parent's page.
  const page = screens.filter((screen) => !routeEntry(screen.id)?.index).at(-1);
  if (!page) return [];
  const params = matches.at(-1)?.params ?? {};
  const data = screenData(matches, locale);
  const trail: Crumb[] = [];
  for (let id: ScreenId | undefined = page.id; id; id = id === "home" ? undefined : (above[id] ?? "home")) {
    const name = names[id](t, data);
    const entry = routeEntry(id);
    if (!name || !entry) return [];
    trail.unshift({ name, url: origin + fillPattern(entry[locale], params) });
  }
  return trail;
}
