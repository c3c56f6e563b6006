/**
 * Ids and slugs that must be unique where URLs and the database need them. A repeat is reported
 * in the file that repeats it, naming where the value came first, so that a copied file is
 * reported and not the file it was copied from.
 */
import path from "node:path";
import type { ContentBundle, ContentProblem } from "./read-folder.ts";

/** One value that must not repeat: where it is, and what it is ("id", "en slug"…). */
interface Key {
  file: string;
  field: string;
  what: string;
  value: string;
}

/** Whether a file has the name the layout gives an item's (`books/{id}.yaml`, `journals/{id}/journal.yaml`). */
function namedAfter(file: string, id: string): boolean {
  return path.basename(file.replace(/(\/journal)?\.ya?ml$/, "")) === id;
}

/** `fileOf` names the file an item was read from. */
export function duplicates(bundle: ContentBundle, fileOf: (item: object) => string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const unique = (keys: Key[]) => {
    const first = new Map<string, Key>();
    for (const key of keys) {
      const name = `${key.what} ${key.value}`;
      const earlier = first.get(name);
      if (!earlier) {
        first.set(name, key);
        continue;
      }
      const where = earlier.file === key.file ? earlier.field : earlier.file;
      problems.push({ file: key.file, field: key.field, message: `duplicate ${name} (first in ${where})` });
    }
  };
  // Of two files with one id, the one named after it is the original and the other its copy,
  // wherever the copy's name sorts; otherwise the first file in name order is the original.
  const originalsFirst = <T extends { id: string }>(items: T[]) =>
    items.toSorted((a, b) => Number(!namedAfter(fileOf(a), a.id)) - Number(!namedAfter(fileOf(b), b.id)));
  const idsAndSlugs = (items: { id: string; en: { slug: string }; tr: { slug: string } }[]) =>
    unique(
      originalsFirst(items).flatMap((item) => [
        { file: fileOf(item), field: "id", what: "id", value: item.id },
        { file: fileOf(item), field: "en.slug", what: "en slug", value: item.en.slug },
        { file: fileOf(item), field: "tr.slug", what: "tr slug", value: item.tr.slug },
      ]),
    );

  idsAndSlugs(bundle.services);
  idsAndSlugs(bundle.policies);
  idsAndSlugs(bundle.departments);
  idsAndSlugs(bundle.books);
  idsAndSlugs(bundle.journals.map((j) => j.journal));
  unique(originalsFirst(bundle.pages).map((page) => ({ file: fileOf(page), field: "id", what: "id", value: page.id })));
  unique(originalsFirst(bundle.calls).map((call) => ({ file: fileOf(call), field: "id", what: "call id", value: call.id })));
  const ref = bundle.reference;
  for (const [kind, items] of Object.entries(ref)) {
    unique(items.map((item, i) => ({ file: fileOf(ref), field: `${kind}.${i}.id`, what: "id", value: item.id })));
  }
  // Issues and articles are unique within their journal (their URLs are under its slug).
  for (const journal of bundle.journals) {
    const issues = originalsFirst(journal.issues);
    unique(issues.map((issue) => ({ file: fileOf(issue), field: "id", what: "issue id", value: issue.id })));
    unique(
      issues.flatMap((issue) => issue.articles.map((a, i) => ({ file: fileOf(issue), field: `articles.${i}.id`, what: "article id", value: a.id }))),
    );
  }
  return problems;
}
