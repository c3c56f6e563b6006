/**
 * The editor's configuration follows the content schemas: every field of every file kind is in
 * its collection with its type, requiredness and choices, so a field added to the model appears
 * in the editor without anyone writing it twice.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contentItemFile, issueFile, journalFile } from "../content/schema.ts";
import { type DecapField, decapCollections, decapFields, type FolderCollection, isEntryFile } from "./decap-config.ts";

const byName = (fields: DecapField[] | undefined, name: string) => {
  const field = fields?.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};
const collections = decapCollections([{ id: "journal-of-social-inquiry", title: "Journal of Social Inquiry" }]);
const folder = (name: string) => collections.find((c): c is FolderCollection => c.name === name && "folder" in c) as FolderCollection;

describe("the editor's collections, from the content schemas", () => {
  it("gives a service both locales' blocks with the schema's fields, rich text as Markdown and the optional fields optional", () => {
    const fields = folder("services").fields;
    expect(fields.map((f) => f.name)).toEqual(Object.keys(contentItemFile.shape));
    expect(byName(fields, "icon").required).toBe(false);
    const tr = byName(fields, "tr");
    expect([tr.label, tr.widget]).toEqual(["Türkçe", "object"]);
    expect(byName(tr.fields, "title")).toMatchObject({ widget: "string" });
    expect(byName(tr.fields, "title").required).toBeUndefined();
    expect(byName(tr.fields, "details").widget).toBe("markdown");
  });

  it("makes an issue's articles a list of objects, with selects for fixed choices and lists for repeated fields", () => {
    const articles = byName(folder("issues-journal-of-social-inquiry").fields, "articles");
    expect(articles.widget).toBe("list");
    expect(byName(articles.fields, "type")).toMatchObject({ widget: "select", options: expect.arrayContaining(["research-article", "correction"]) });
    const authors = byName(articles.fields, "authors");
    expect(byName(authors.fields, "roles")).toMatchObject({ widget: "select", multiple: true });
    expect(byName(authors.fields, "corresponding").widget).toBe("boolean");
    // A relation by article or by DOI: one form with both, neither required (the save's check wants one).
    const relation = byName(articles.fields, "relations");
    expect(relation.fields?.map((f) => f.name)).toEqual(["type", "article", "doi"]);
    expect(byName(relation.fields, "doi").required).toBe(false);
    expect(byName(articles.fields, "publishedOn").hint).toBe("YYYY-MM-DD");
    expect(byName(folder("issues-journal-of-social-inquiry").fields, "volume")).toMatchObject({ widget: "number", value_type: "int" });
  });

  it("uploads a journal's cover among the journals' covers and stores it as the path the schema expects", () => {
    expect(byName(folder("journals").fields, "cover")).toMatchObject({
      widget: "image",
      media_folder: "/images/covers/journals",
      public_folder: "covers/journals",
      required: false,
    });
  });

  it("shows a field added to a schema, and nothing of an optional object is required", () => {
    const extended = issueFile.extend({ sponsor: z.strictObject({ name: z.string(), url: z.url() }).optional() });
    const sponsor = byName(decapFields(extended), "sponsor");
    expect(sponsor.required).toBe(false);
    expect(sponsor.fields?.map((f) => [f.name, f.required])).toEqual([
      ["name", false],
      ["url", false],
    ]);
    expect(decapFields(journalFile).map((f) => f.name)).toEqual(Object.keys(journalFile.shape));
  });

  it("tells a journal's files apart in its folder: journal.yaml is the journal, board.yaml and the issues are not", () => {
    const journals = folder("journals");
    expect(isEntryFile(journals, "journals/jsi/journal.yaml")).toBe(true);
    expect(isEntryFile(journals, "journals/jsi/board.yaml")).toBe(false);
    expect(isEntryFile(journals, "journals/jsi/issues/v1-n1.yaml")).toBe(false);
    const references = folder("articles-journal-of-social-inquiry");
    expect(isEntryFile(references, "journals/journal-of-social-inquiry/articles/an-article/references.yaml")).toBe(true);
    expect(isEntryFile(references, "journals/journal-of-social-inquiry/articles/an-article/full-text.md")).toBe(false);
  });
});
