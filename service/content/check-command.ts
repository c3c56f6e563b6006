/** `npm run content:check -- <folder>`: validates a content folder without writing anything. */
import { ContentError, readContentFolder } from "./read-folder.ts";

const folder = process.argv[2] ?? "content/demo";
try {
  const bundle = await readContentFolder(folder);
  for (const notice of bundle.notices) console.warn(`${notice.file}: ${notice.field}: ${notice.message}`);
  const articles = bundle.journals.reduce((n, j) => n + j.issues.reduce((m, i) => m + i.articles.length, 0), 0);
  console.log(
    `${folder}: valid — ${bundle.services.length} services, ${bundle.policies.length} policies, ` +
      `${bundle.journals.length} journals, ${articles} articles, ${bundle.books.length} books, ${bundle.calls.length} calls for papers, ` +
      `${bundle.departments.length} departments, ${bundle.pages.length} pages`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`${folder}: ${error.problems.length} problem(s)\n${error.message}`);
  process.exitCode = 1;
}
