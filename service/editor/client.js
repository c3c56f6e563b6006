/**
 * The content editor's own script, loaded before Decap CMS (service/editor/app.ts): Decap waits for it
 * (`CMS_MANUAL_INIT`), then the previews are registered and the editor starts. A preview shows
 * the entry with the site's stylesheet and the markup of the site's pages (the page header, the
 * rich text, an issue's article list), in both languages side by side, each with its `lang`.
 * Decap's `h` is React's createElement.
 */
window.CMS_MANUAL_INIT = true;

const LOCALES = [
  ["en", "English"],
  ["tr", "Türkçe"],
];
/** Which fields of each collection's locale blocks a page shows: its title, its lead, its rich text. */
const PAGES = {
  services: ["title", "description", "details"],
  policies: ["title", "description", "details"],
  pages: ["title", null, "body"],
  departments: ["name", null, "description"],
  journals: ["title", null, "aimsScope"],
  books: ["title", "subtitle", "description"],
  calls: ["title", "specialTitle", "body"],
};
const h = (...args) => window.h(...args);
/**
 * Two people (or two tabs) saving one entry: the endpoint gives every entry with its version and
 * refuses a save made over a version that changed meanwhile (409, service/editor/proxy.ts). Decap's
 * proxy protocol carries no version back, so the versions are kept here, by path, from what the
 * endpoint answers, and added to each save; Decap calls the global fetch at each request.
 */
const EDITOR_API = "/admin/api/v1";
const openedVersions = new Map();
const siteFetch = window.fetch.bind(window);
const keepVersions = (answer) => {
  for (const found of [answer].flat()) {
    if (found?.file?.path) openedVersions.set(found.file.path, found.file.id);
  }
  for (const [file, version] of Object.entries(answer?.versions ?? {})) openedVersions.set(file, version);
};
window.fetch = async (input, init) => {
  if (new URL(String(input), window.location.href).pathname !== EDITOR_API || typeof init?.body !== "string") return siteFetch(input, init);
  const request = JSON.parse(init.body);
  if (request.action === "persistEntry") {
    const files = request.params?.dataFiles ?? [];
    const versions = Object.fromEntries(
      files.filter((f) => typeof openedVersions.get(f.path) === "string").map((f) => [f.path, openedVersions.get(f.path)]),
    );
    request.params = { ...request.params, versions };
  }
  const response = await siteFetch(input, { ...init, body: JSON.stringify(request) });
  if (response.ok)
    await response
      .clone()
      .json()
      .then(keepVersions, () => {});
  return response;
};

/** The preview's frame set in the site's web fonts, as a page is once they are cached (`html.fonts`, scripts/fonts.ts). */
const inSiteFonts = (element) => element?.ownerDocument.documentElement.classList.add("fonts");

/** One locale's column: its name, then what `render` draws from the entry's block in that locale. */
const columns = (render) =>
  h(
    "div",
    { className: "grid gap-8 lg:grid-cols-2" },
    LOCALES.map(([locale, name]) =>
      h("section", { key: locale, lang: locale, "aria-label": name }, h("p", { className: "eyebrow mb-3" }, name), render(locale)),
    ),
  );
const header = (title, lead) =>
  h(
    "div",
    { className: "border-b border-stone-200 bg-white pb-6" },
    h("h1", { className: "max-w-4xl font-serif text-h1 text-stone-900" }, title),
    lead ? h("p", { className: "mt-4 max-w-3xl text-lg text-stone-600" }, lead) : null,
  );

/** A service, a policy, a page, a department, a journal, a book, a call: a title, a lead, the rich text. */
function PagePreview({ entry, collection, widgetsFor }) {
  const [title, lead, body] = PAGES[collection.get("name")];
  return h(
    "div",
    { className: "page py-6", ref: inSiteFonts },
    columns((locale) =>
      h(
        "div",
        null,
        header(entry.getIn(["data", locale, title]), lead && entry.getIn(["data", locale, lead])),
        h("div", { className: "rich-text mt-6" }, widgetsFor(locale).getIn(["widgets", body])),
      ),
    ),
  );
}

/** Decap's own user, with the Git host's token in production (the history is only for those who may write). */
function authorization() {
  try {
    const token = JSON.parse(localStorage.getItem("decap-cms-user") || "null")?.token;
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

/** What changed in an article's record, from Git (service/editor/history-app.ts): for the version notes a correction asks for. */
const historyOf = (journal, issue, article) =>
  fetch(`/admin/history?${new URLSearchParams({ journal, issue, article })}`, { headers: authorization() }).then((response) =>
    response.ok ? response.json() : { changes: [] },
  );

let ArticleHistory;
/** Made once Decap's createClass is there: a list of the commits that changed the article. */
function articleHistoryClass() {
  ArticleHistory ??= window.createClass({
    getInitialState: () => ({ changes: null }),
    componentDidMount() {
      const { journal, issue, article } = this.props;
      historyOf(journal, issue, article).then(({ changes }) => this.setState({ changes }));
    },
    render() {
      const { changes } = this.state;
      if (!changes || changes.length === 0) return null;
      return h(
        "section",
        { lang: "en", className: "mt-4 text-sm text-stone-600" },
        h("h3", { className: "font-semibold text-stone-800" }, "What changed (Git history)"),
        h(
          "ul",
          { className: "mt-1 list-disc pl-5" },
          changes.map((change) => h("li", { key: change.commit }, `${change.date.slice(0, 10)} · ${change.author} · ${change.subject}`)),
        ),
      );
    },
  });
  return ArticleHistory;
}

/** An issue: its articles as the journal's issue page lists them, each with its abstract and what changed in it. */
function IssuePreview({ entry, collection }) {
  const data = (key) => entry.getIn(["data", key]);
  const journal = collection.get("name").replace(/^issues-/, "");
  const articles = data("articles");
  return h(
    "div",
    { className: "page py-6" },
    header(`Vol. ${data("volume") ?? ""}, No. ${data("number") ?? ""} (${data("year") ?? ""})`),
    (articles ? articles.toArray() : []).map((article, i) =>
      h(
        "article",
        { key: i, className: "mt-8 border-b border-stone-200 pb-6" },
        columns((locale) =>
          h(
            "div",
            null,
            h("h2", { className: "font-serif text-h3 text-stone-900" }, article.getIn([locale, "title"])),
            h("div", { className: "rich-text mt-3" }, h("p", null, article.getIn([locale, "abstract"]))),
          ),
        ),
        article.get("id") && data("id") ? h(articleHistoryClass(), { journal, issue: data("id"), article: article.get("id") }) : null,
      ),
    ),
  );
}

/** An article's reference list as its page prints it. */
function ReferencesPreview({ entry }) {
  const references = entry.getIn(["data", "references"]);
  return h(
    "div",
    { className: "page py-6", ref: inSiteFonts },
    h("h2", { className: "font-serif text-h2 text-stone-900" }, "References"),
    h(
      "ol",
      { className: "rich-text mt-4 list-decimal pl-6" },
      (references ? references.toArray() : []).map((reference, i) => h("li", { key: i }, reference.get("text"))),
    ),
  );
}

window.addEventListener("DOMContentLoaded", () => {
  const { CMS } = window;
  const { siteStyles, journals, contentSync } = document.documentElement.dataset;
  for (const href of JSON.parse(siteStyles || "[]")) CMS.registerPreviewStyle(href);
  for (const name of Object.keys(PAGES)) CMS.registerPreviewTemplate(name, PagePreview);
  for (const journal of JSON.parse(journals || "[]")) {
    CMS.registerPreviewTemplate(`issues-${journal}`, IssuePreview);
    CMS.registerPreviewTemplate(`articles-${journal}`, ReferencesPreview);
  }
  CMS.init();
  if (contentSync) showLastImport();
});

/**
 * When the site refused the last commit it fetched (a Git host's webhook brings the editor's commits
 * in production: service/content/sync.ts), the editor is told why, until a commit passes. Only an
 * editor who may write to the repository is told (service/editor/history-app.ts).
 */
function showLastImport() {
  fetch("/admin/last-import", { headers: authorization() })
    .then((response) => (response.ok ? response.json() : null))
    .then((status) => {
      const last = status?.last;
      if (!last || (last.outcome !== "refused" && last.outcome !== "failed")) return;
      const problems = (last.problems ?? []).map((p) => `${p.file}: ${p.field}: ${p.message}`);
      const banner = document.createElement("div");
      banner.setAttribute("role", "alert");
      banner.style.cssText =
        "position:fixed;inset:auto 0 0 0;z-index:10000;padding:12px 16px;background:#fef2f2;color:#7f1d1d;border-top:2px solid #b91c1c;font:15px/1.45 system-ui,sans-serif";
      banner.textContent = `The site did not publish commit ${String(last.commit ?? "").slice(0, 7)}: ${problems.join("; ") || last.message}. Correct it and publish again; until then the site shows the last commit that passed.`;
      document.body.append(banner);
    })
    .catch(() => {});
}
