/**
 * The index in each database, behind one interface, so that the writer (write-index.ts) and the
 * query (search.ts) hold no SQL of either: on SQLite a contentless FTS5 table (`search_index`:
 * `title_folded`, `body_folded`; the terms are not stored twice); on PostgreSQL the table
 * `search_index(id, title, words)` of two tsvectors (`simple` configuration, so that the parser only
 * splits our terms at spaces), the title's and the whole document's with the title weighted A, each
 * under GIN (migration 0012). Terms hold only letters and digits (terms.ts), so they go into either
 * database's query syntax as they are.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { dialectOf } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import type { QueryTerm } from "./terms.ts";

/** The documents with all the query's terms anywhere and all of them in the title, or all anywhere but not all in the title. */
export type Part = "title" | "rest";

/** The documents matching a query. */
export interface Matches {
  /** A matching document's id. */
  id: RawBuilder<number>;
  /** The FROM and WHERE of the documents matching the query, or a part of it. */
  matching(part?: Part): RawBuilder<unknown>;
  /** The most relevant first. */
  relevance: RawBuilder<unknown>;
}

export interface IndexDialect {
  /** Empties the index. */
  clear: RawBuilder<unknown>;
  /** Writes documents' terms: `values` are rows of (id, title terms, body terms). */
  insert(values: RawBuilder<unknown>): RawBuilder<unknown>;
  /** The documents holding, for every term, one of its forms. */
  matches(terms: QueryTerm[]): Matches;
}

/** A term's alternatives, each form written by `form` and the first as a prefix when the term says so, joined by `or`. */
const alternatives = ({ forms, prefix }: QueryTerm, form: (form: string, prefix: boolean) => string, or: string) => {
  const written = forms.map((f, i) => form(f, i === 0 && prefix));
  return written.length === 1 ? written[0] : `(${written.join(or)})`;
};

const sqlite: IndexDialect = {
  clear: sql`insert into search_index(search_index) values ('delete-all')`,
  insert: (values) => sql`insert into search_index(rowid, title_folded, body_folded) values ${values}`,
  matches(terms) {
    const all = terms.map((term) => alternatives(term, (f, prefix) => `"${f}"${prefix ? "*" : ""}`, " OR ")).join(" AND ");
    // bm25 follows the match: title matches are ordered by their titles' relevance.
    const queries = { all, title: `title_folded : (${all})`, rest: `(${all}) NOT title_folded : (${all})` };
    return {
      id: sql<number>`rowid`,
      matching: (part) => sql`search_index where search_index match ${queries[part ?? "all"]}`,
      relevance: sql`bm25(search_index, 10.0, 1.0), rowid`,
    };
  },
};

const postgres: IndexDialect = {
  clear: sql`delete from search_index`,
  insert: (values) => sql`insert into search_index(id, title, words)
    select id::integer, to_tsvector('simple', title), setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')
    from (values ${values}) as v(id, title, body)`,
  matches(terms) {
    const query = sql`to_tsquery('simple', ${terms.map((term) => alternatives(term, (f, prefix) => (prefix ? `${f}:*` : f), " | ")).join(" & ")})`;
    const conditions = { all: sql`words @@ ${query}`, title: sql`title @@ ${query}`, rest: sql`words @@ ${query} and not title @@ ${query}` };
    return {
      id: sql<number>`id`,
      matching: (part) => sql`search_index where ${conditions[part ?? "all"]}`,
      relevance: sql`ts_rank(words, ${query}) desc, id`,
    };
  },
};

export const indexDialectOf = (db: Kysely<Database>): IndexDialect => (dialectOf(db) === "postgres" ? postgres : sqlite);
