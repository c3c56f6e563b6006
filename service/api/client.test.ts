import { hc } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { DatabaseUnavailable } from "../db/unavailable.ts";
import { type ContentApiApp, createApiApp } from "./app.ts";
import { ContentNotFound, ContentUnavailable, createApiClient, overHttp } from "./client.ts";
import { type ContentService, createContentService } from "./content-service.ts";

/**
 * The content API over HTTP as another web process reaches it (API_URL), answering from a script,
 * one entry per attempt (a status, or a network error), recording the paths asked and the waits.
 */
function scripted(answers: (number | "network")[]) {
  const calls: string[] = [];
  const waits: number[] = [];
  const remote = overHttp("http://content.internal", async (input) => {
    calls.push(new URL(String(input)).pathname);
    const answer = answers[calls.length - 1];
    if (answer === "network") throw new TypeError("fetch failed");
    return new Response(JSON.stringify(answer < 300 ? { Items: [], Count: 0 } : { error: "unavailable", message: "…" }), { status: answer });
  });
  const client = createApiClient(remote, {
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, calls, waits };
}

describe("the API client's retry policy", () => {
  it("retries a 5xx twice, waiting 250 ms then 500 ms", async () => {
    const { client, calls, waits } = scripted([503, 502, 200]);
    await expect(client.books("en")).resolves.toEqual({ Items: [], Count: 0 });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it("retries a network error", async () => {
    const { client, calls } = scripted(["network", 200]);
    await client.books("tr");
    expect(calls).toEqual(["/api/books/tr", "/api/books/tr"]);
  });

  it("gives up after 3 attempts", async () => {
    const { client, calls, waits } = scripted([500, 500, 500, 200]);
    await expect(client.books("en")).rejects.toBeInstanceOf(ContentUnavailable);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it("tells an observed page when it gives up, not when a retry or a 404 answered", async () => {
    let told = 0;
    const observed = scripted([503, 200, 404, 500, 500, 500]).client.observed(() => told++);
    await observed.books("en");
    await expect(observed.book("en", "x")).rejects.toBeInstanceOf(ContentNotFound);
    expect(told).toBe(0);
    await expect(observed.books("en")).rejects.toBeInstanceOf(ContentUnavailable);
    expect(told).toBe(1);
  });

  it("stops at once on any other status", async () => {
    const notFound = scripted([404, 200]);
    await expect(notFound.client.book("en", "x")).rejects.toBeInstanceOf(ContentNotFound);
    expect(notFound.calls).toHaveLength(1);
    const badRequest = scripted([400, 200]);
    await expect(badRequest.client.books("en")).rejects.toBeInstanceOf(ContentUnavailable);
    expect(badRequest.calls).toHaveLength(1);
    expect(badRequest.waits).toEqual([]);
  });

  it("encodes slugs so a parameter cannot change the path", async () => {
    const { client, calls } = scripted([200]);
    await client.book("en", "../../entities");
    expect(calls).toEqual(["/api/books/en/..%2F..%2Fentities"]);
  });

  it("in-process, retries a database away for a moment, and stops at once on what names nothing", async () => {
    const { db } = openDatabase(":memory:");
    await migrateToLatest(db);
    const service = createContentService(db);
    let attempts = 0;
    const flaky: ContentService = {
      ...service,
      books: async (locale) => {
        attempts++;
        if (attempts < 3) throw new DatabaseUnavailable("connection terminated");
        return service.books(locale);
      },
    };
    const waits: number[] = [];
    const client = createApiClient(flaky, { wait: async (ms) => waits.push(ms) });
    await expect(client.books("en")).resolves.toEqual({ Items: [], Count: 0 });
    expect([attempts, waits]).toEqual([3, [250, 500]]);
    await expect(client.book("tr", "yok")).rejects.toBeInstanceOf(ContentNotFound);
    await expect(client.book("tr", "Not A Slug")).rejects.toMatchObject({ status: 400, answer: { error: "bad_request" } });
    expect(waits).toHaveLength(2);
    await db.destroy();
  });
});

describe("in-process and over HTTP", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase(":memory:");
    await migrateToLatest(handle.db);
    await importContent(handle.db, demoBundle());
  });
  afterAll(() => handle.db.destroy());

  it("every call answers the same, and says no the same way", async () => {
    const service = createContentService(handle.db);
    const app = createApiApp(service);
    const local = createApiClient(service);
    const remote = createApiClient(overHttp("http://content.internal", async (input, init) => app.request(String(input), init)));
    const journal = (await local.journals("tr")).Items[0];
    const [issue] = (await local.issues("tr", journal.slug)).Items;
    const article = (await local.issueArticles("tr", journal.slug, issue.id, 1)).Items[0];
    const calls = [
      (api: typeof local) => api.initial("tr"),
      (api: typeof local) => api.home("tr"),
      (api: typeof local) => api.calls("en", { include: "closed" }),
      (api: typeof local) => api.calls("tr", { journal: journal.slug }),
      (api: typeof local) => api.call("tr", "platform-cities"),
      (api: typeof local) => api.entities("en"),
      (api: typeof local) => api.journals("en", { access: "open" }),
      (api: typeof local) => api.journal("tr", journal.slug),
      (api: typeof local) => api.issueArticles("tr", journal.slug, issue.id, 1, 2),
      (api: typeof local) => api.article("tr", journal.slug, issue.id, article.id),
      (api: typeof local) => api.editorialBoard("tr", journal.slug),
      (api: typeof local) => api.latestArticles("tr", journal.slug),
      (api: typeof local) => api.search("tr", "İstanbul", { type: "article" }, 1),
      (api: typeof local) => api.page("en", "about"),
    ];
    for (const call of calls) expect(await call(remote)).toEqual(await call(local));
    for (const refused of [
      (api: typeof local) => api.journal("tr", "yok-boyle-bir-dergi"),
      (api: typeof local) => api.articles("en", journal.slug, 0),
      (api: typeof local) => api.journals("tr", { category: "nothing" }),
      (api: typeof local) => api.search("en", "x".repeat(1000), {}, 1),
      (api: typeof local) => api.calls("en", { include: "everything" }),
      (api: typeof local) => api.call("en", "no-such-call"),
    ]) {
      const [there, here] = await Promise.all([call(refused, remote), call(refused, local)]);
      expect(there).toEqual(here);
      expect(here.name).toMatch(/^Content(NotFound|Unavailable)$/);
    }
  });

  it("derives every call over HTTP from the API's own routes, so a path the API does not have does not compile", () => {
    const { api } = hc<ContentApiApp>("http://content.internal");
    expect(api.journals[":locale"][":slug"].issues.$url({ param: { locale: "tr", slug: "x" } }).pathname).toBe("/api/journals/tr/x/issues");
    // @ts-expect-error: the API's path is /api/journals/…, not /api/journal/… (npm run typecheck fails if this compiles)
    expect(typeof api.journal).toBe("function");
  });
});

/** What a call threw, as the loaders see it: its kind, status and answer. */
async function call<T>(run: (api: T) => Promise<unknown>, api: T) {
  const error = await run(api).then(
    () => undefined,
    (e: unknown) => e as ContentUnavailable,
  );
  if (!error) throw new Error("the call was not refused");
  return { name: error.name, status: error.status, answer: error.answer };
}
