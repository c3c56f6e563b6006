/**
 * The content editor's configuration (Decap CMS, docs/decisions/038-content-editor.md), generated
 * from the content schemas (service/content/schema.ts) through their JSON Schema: a field added to
 * the model appears in the editor, with its type, whether it is required and its choices. What
 * JSON Schema cannot say (check digits, references between files, uniqueness) the server checks
 * on every save with the schemas themselves, and refuses naming the file and the field.
 */
import { z } from "zod";
import {
  boardFile,
  bookFile,
  callFile,
  contentItemFile,
  departmentFile,
  issueFile,
  journalFile,
  pageFile,
  referenceFile,
  referencesFile,
} from "../content/schema.ts";

/** A field of Decap's configuration (https://decapcms.org/docs/widgets/). */
export interface DecapField {
  name: string;
  label: string;
  widget: "string" | "markdown" | "image" | "file" | "select" | "number" | "boolean" | "object" | "list";
  required?: boolean;
  hint?: string;
  fields?: DecapField[];
  field?: DecapField;
  options?: string[];
  multiple?: boolean;
  value_type?: "int" | "float";
  collapsed?: boolean;
  summary?: string;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
}

interface CollectionBase {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  format: "yaml" | "yml";
  extension?: "yaml";
}
export interface FolderCollection extends CollectionBase {
  folder: string;
  /** Where an entry's file sits below the folder, when it is not `{slug}.yaml` (`{{slug}}/journal`). */
  path?: string;
  create: boolean;
  identifier_field: string;
  slug: string;
  summary?: string;
  /** Uploads of this collection's entries ("" : beside the entry's file). */
  media_folder?: string;
  public_folder?: string;
  fields: DecapField[];
}
export interface FilesCollection extends CollectionBase {
  files: { name: string; label: string; file: string; fields: DecapField[] }[];
}
export type DecapCollection = FolderCollection | FilesCollection;

/** The JSON Schema of a zod schema as the editor sees it: what a file may hold (defaults make fields optional). */
type JsonSchema = {
  type?: string;
  format?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  widget?: "markdown" | "image";
  default?: unknown;
};
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

/** "aimsScope" → "Aims scope"; the two locales' blocks by their languages' names. */
const LOCALE_LABELS: Record<string, string> = { en: "English", tr: "Türkçe" };
function labelOf(name: string): string {
  if (LOCALE_LABELS[name]) return LOCALE_LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where an image field's uploads go (under the content folder) and how its value names them (under images/). */
export interface ImageFolder {
  /** Under images/: covers/journals, covers/books, photos. */
  under: string;
}

/** An object of one of several shapes (a relation by article or by DOI): one form with every field, required only where all shapes require it. */
function merged(variants: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const variant of variants) Object.assign(properties, variant.properties);
  const required = Object.keys(properties).filter((name) => variants.every((v) => v.required?.includes(name)));
  return { type: "object", properties, required };
}

function fieldOf(name: string, schema: JsonSchema, required: boolean, images: ImageFolder): DecapField {
  const base = { name, label: labelOf(name), ...(required ? {} : { required: false }) };
  if (schema.anyOf) return fieldOf(name, merged(schema.anyOf), required, images);
  if (schema.widget === "markdown") return { ...base, widget: "markdown" };
  if (schema.widget === "image") {
    return { ...base, widget: "image", choose_url: false, media_folder: `/images/${images.under}`, public_folder: images.under };
  }
  if (schema.enum) return { ...base, widget: "select", options: schema.enum };
  switch (schema.type) {
    case "boolean":
      return { ...base, widget: "boolean", required: false };
    case "integer":
    case "number":
      return { ...base, widget: "number", value_type: schema.type === "integer" ? "int" : "float" };
    case "object":
      // Inside an optional object, nothing is required of the editor (the save's check holds the rest).
      return { ...base, widget: "object", collapsed: false, fields: fieldsOf(schema, images, required) };
    case "array": {
      const items = schema.items ?? {};
      const list = base;
      if (items.enum) return { ...list, widget: "select", multiple: true, options: items.enum };
      if (items.type === "object" || items.anyOf)
        return { ...list, widget: "list", collapsed: true, fields: fieldsOf(items.anyOf ? merged(items.anyOf) : items, images) };
      return { ...list, widget: "list", field: fieldOf(labelOf(name), items, true, images) };
    }
    default:
      return { ...base, widget: "string", ...(schema.format === "date" ? { hint: "YYYY-MM-DD" } : {}) };
  }
}

function fieldsOf(schema: JsonSchema, images: ImageFolder, requiring = true): DecapField[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fieldOf(name, property, requiring && (schema.required?.includes(name) ?? false), images),
  );
}

/** The editor's fields for a file of this schema. */
export function decapFields(schema: z.ZodType, images: ImageFolder = { under: "photos" }): DecapField[] {
  return fieldsOf(jsonSchema(schema), images);
}

/**
 * An article's folder as the editor sees it (`journals/{id}/articles/{article id}/`), through its
 * `references.yaml`, a bare list that Decap, which edits objects, gets wrapped as
 * `{ article, references, galley, figures }` (service/editor/entry-files.ts): the article being the
 * folder's name, the galley and the figures the files beside it, uploaded into the folder.
 */
export const REFERENCES_FIELD = "references";
export const REFERENCES_ARTICLE_FIELD = "article";
export const GALLEY_FIELD = "galley";
export const FIGURES_FIELD = "figures";
function articleFolderFields(): DecapField[] {
  return [
    { name: REFERENCES_ARTICLE_FIELD, label: "Article id", widget: "string", hint: "The article's id in its issue: the folder articles/{id}/" },
    { ...fieldOf(REFERENCES_FIELD, jsonSchema(referencesFile), true, { under: "photos" }), required: true },
    {
      name: GALLEY_FIELD,
      label: "PDF galley",
      widget: "file",
      required: false,
      choose_url: false,
      media_folder: "",
      public_folder: "",
      hint: "The PDF readers download: a file named galley.pdf, at most 20 MB. To replace it, delete galley.pdf in the media library first.",
    },
    {
      name: FIGURES_FIELD,
      label: "Figures",
      widget: "list",
      required: false,
      hint: "The images the full text shows, by name: ![text](figures/{name})",
      field: { name: "figure", label: "Figure", widget: "image", choose_url: false, media_folder: "figures", public_folder: "figures" },
    },
  ];
}

const yaml = { format: "yaml", extension: "yaml" } as const;
/** A journal's issues are the collection `issues-{journal id}`, its articles' folders `articles-{journal id}`. */
const ISSUES_PREFIX = "issues-";
const ARTICLES_PREFIX = "articles-";
const byId = { identifier_field: "id", slug: "{{fields.id}}" } as const;

/** A journal as the editor lists it: its folder's id and its English title. */
export interface JournalListing {
  id: string;
  title: string;
}

/** Decap's collections for a content folder with these journals (each journal's issues and reference lists are collections of their own). */
export function decapCollections(journals: JournalListing[]): DecapCollection[] {
  const folder = (
    name: string,
    label: string,
    labelSingular: string,
    schema: z.ZodType,
    options: Partial<FolderCollection> & { images?: ImageFolder } = {},
  ): FolderCollection => {
    const { images, ...rest } = options;
    return {
      name,
      label,
      label_singular: labelSingular,
      folder: name,
      create: true,
      ...byId,
      summary: "{{fields.en.title}}",
      ...yaml,
      fields: decapFields(schema, images),
      ...rest,
    };
  };
  return [
    folder("services", "Services", "Service", contentItemFile),
    folder("policies", "Policies", "Policy", contentItemFile),
    folder("pages", "Pages", "Page", pageFile, { create: false }),
    folder("departments", "Departments", "Department", departmentFile, { summary: "{{fields.en.name}}" }),
    folder("journals", "Journals", "Journal", journalFile, { path: "{{slug}}/journal", images: { under: "covers/journals" } }),
    {
      name: "boards",
      label: "Editorial boards",
      ...yaml,
      files: journals.map((journal) => ({
        name: journal.id,
        label: journal.title,
        file: `journals/${journal.id}/board.yaml`,
        fields: decapFields(boardFile),
      })),
    },
    ...journals.flatMap((journal): FolderCollection[] => [
      {
        ...folder(`${ISSUES_PREFIX}${journal.id}`, `Issues: ${journal.title}`, "Issue", issueFile),
        folder: `journals/${journal.id}/issues`,
        summary: "{{fields.volume}}({{fields.number}}), {{fields.year}}",
      },
      {
        ...folder(`${ARTICLES_PREFIX}${journal.id}`, `Article files: ${journal.title}`, "Article's files", referencesFile),
        folder: `journals/${journal.id}/articles`,
        path: "{{slug}}/references",
        identifier_field: REFERENCES_ARTICLE_FIELD,
        slug: `{{fields.${REFERENCES_ARTICLE_FIELD}}}`,
        summary: `{{fields.${REFERENCES_ARTICLE_FIELD}}}`,
        media_folder: "",
        public_folder: "",
        fields: articleFolderFields(),
      },
    ]),
    folder("books", "Books", "Book", bookFile, { images: { under: "covers/books" } }),
    folder("calls", "Calls for papers", "Call for papers", callFile),
    {
      name: "settings",
      label: "Settings",
      ...yaml,
      files: [
        {
          name: "reference",
          label: "Reference lists (categories, indexes, review types…)",
          file: "reference.yaml",
          fields: decapFields(referenceFile),
        },
      ],
    },
  ];
}

/** Whether a file under a folder collection's folder is one of its entries (a journal folder also holds board.yaml and issues/). */
export function isEntryFile(collection: FolderCollection, file: string): boolean {
  const relative = file.slice(collection.folder.length + 1);
  const pattern = (collection.path ?? "{{slug}}").replace(/\{\{[^}]+\}\}/g, "[^/]+");
  return new RegExp(`^${pattern}\\.${collection.extension ?? "yaml"}$`).test(relative);
}

/** A Git host the editor signs in to in production, where Decap commits directly (docs/decisions/038-content-editor.md). */
export interface GitHost {
  name: "github" | "gitlab" | "gitea" | "forgejo";
  /** owner/name of the content's repository. */
  repo: string;
  branch: string;
  /** The host's origin: GitHub Enterprise, a GitLab, Gitea or Forgejo server (GitHub's and GitLab's own by default). */
  url?: string;
  /** The OAuth application's id (GitLab, Gitea, Forgejo: PKCE, no secret in the browser). */
  appId?: string;
}

/** The host's web origin and its API's root. */
export function hostEndpoints(host: GitHost): { web: string; api: string } {
  switch (host.name) {
    case "github":
      return host.url ? { web: host.url, api: `${host.url}/api/v3` } : { web: "https://github.com", api: "https://api.github.com" };
    case "gitlab": {
      const web = host.url ?? "https://gitlab.com";
      return { web, api: `${web}/api/v4` };
    }
    default: {
      const web = host.url ?? "https://codeberg.org";
      return { web, api: `${web}/api/v1` };
    }
  }
}

/** The `backend` of Decap's configuration for a Git host; GitHub signs in through the site's own OAuth endpoint (service/editor/oauth.ts). */
export function hostBackend(host: GitHost, siteUrl: string) {
  const { web, api } = hostEndpoints(host);
  const common = { name: host.name, repo: host.repo, branch: host.branch, api_root: api };
  if (host.name === "github") return { ...common, base_url: siteUrl, auth_endpoint: "admin/oauth/authorize" };
  return { ...common, base_url: web, app_id: host.appId, ...(host.name === "gitlab" ? { auth_type: "pkce" } : {}) };
}

/** The collections with every path under `prefix` (the content folder's path in its repository), for a backend that reads the repository itself. */
export function underFolder(collections: DecapCollection[], prefix: string): DecapCollection[] {
  if (!prefix || prefix === ".") return collections;
  const fields = (list: DecapField[]): DecapField[] =>
    list.map((field) => ({
      ...field,
      ...(field.media_folder ? { media_folder: `/${prefix}${field.media_folder}` } : {}),
      ...(field.fields ? { fields: fields(field.fields) } : {}),
    }));
  return collections.map((collection) =>
    "folder" in collection
      ? { ...collection, folder: `${prefix}/${collection.folder}`, fields: fields(collection.fields) }
      : { ...collection, files: collection.files.map((file) => ({ ...file, file: `${prefix}/${file.file}`, fields: fields(file.fields) })) },
  );
}
