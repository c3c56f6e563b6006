import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiError, CallDetail, CallSummary, List } from "../../contract/api-types.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createApiApp } from "./app.ts";
import { createContentService } from "./content-service.ts";
import { readRevision } from "./revision.ts";

/**
 * The demo's calls for papers, on 26 November 2026: three open (deadlines 20 December 2026,
 * 31 March and 30 June 2027) and one closed (15 October 2026). One call's English text carries a
 * script and a javascript: link, which the import must not store.
 */
const bundle = demoBundle();
const now = new Date("2026-11-26T09:00:00Z");
const callOf = (id: string) => {
  const call = bundle.calls.find((c) => c.id === id);
  if (!call) throw new Error(`the demo has no call ${id}`);
  return call;
};
const soonest = callOf("generative-ai-in-teaching");
const closed = callOf("late-ottoman-port-cities");
soonest.en.body += '\n\n<script>alert(1)</script><p onclick="alert(2)">Hostile</p>\n\n[A link](javascript:alert(3))';
const journalOf = (id: string) => bundle.journals.find((j) => j.journal.id === id)?.journal;

for (const database of testDatabases()) {
  describe(`calls for papers on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createApiApp>;
    const get = async <T>(path: string) => {
      const response = await app.request(path);
      return { status: response.status, body: (await response.json()) as T };
    };
    const openIds = async (locale = "en") => (await get<List<CallSummary>>(`/api/calls/${locale}`)).body.Items.map((c) => c.id);

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(now);
      handle = await database.open();
      await importContent(handle.db, bundle);
      app = createApiApp(createContentService(handle.db));
    });
    afterEach(() => vi.setSystemTime(now));
    afterAll(async () => {
      vi.useRealTimers();
      await handle.db.destroy();
    });

    it("stores every call with its journal, deadline and both locales' texts, the Markdown rendered and sanitized", async () => {
      const calls = await handle.db.selectFrom("callForPapers").selectAll().orderBy("id").execute();
      expect(calls).toEqual(
        bundle.calls.map((c) => ({ id: c.id, journalId: c.journal, deadline: c.deadline })).sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      const texts = await handle.db.selectFrom("callForPapersText").selectAll().where("callId", "=", soonest.id).orderBy("locale").execute();
      expect(texts.map((t) => [t.locale, t.title, t.specialTitle])).toEqual([
        ["en", soonest.en.title, soonest.en.specialTitle],
        ["tr", soonest.tr.title, soonest.tr.specialTitle],
      ]);
      expect(texts[0].bodyHtml).toMatch(/<h2>Topics<\/h2>/);
      expect(texts[0].bodyHtml).toContain("<p>Hostile</p>");
      expect(texts[0].bodyHtml).not.toMatch(/<script|onclick|javascript:/);
      expect(texts[1].bodyHtml).toMatch(/<h2>Konular<\/h2>/);
    });

    it("answers the open calls only, the soonest deadline first, each with its journal in the locale", async () => {
      const open = bundle.calls.filter((c) => c.deadline >= "2026-11-26").sort((a, b) => a.deadline.localeCompare(b.deadline));
      const { status, body } = await get<List<CallSummary>>("/api/calls/tr");
      expect(status).toBe(200);
      expect(body.Items.map((c) => c.id)).toEqual(open.map((c) => c.id));
      expect(body.Items.map((c) => c.id)).not.toContain(closed.id);
      expect(body.Count).toBe(open.length);
      expect(body.Items[0]).toEqual({
        id: soonest.id,
        journal: { slug: journalOf(soonest.journal)?.tr.slug, title: journalOf(soonest.journal)?.tr.title },
        title: soonest.tr.title,
        specialTitle: soonest.tr.specialTitle,
        deadline: soonest.deadline,
        open: true,
      });
      // A call for the journal's regular issues has no special issue's title.
      expect(body.Items.find((c) => c.id === "heat-climate-and-health")?.specialTitle).toBeNull();
    });

    it("lists the closed calls too when asked, and one journal's calls", async () => {
      const all = await get<List<CallSummary>>("/api/calls/en?include=closed");
      expect(all.body.Items.map((c) => c.id)).toEqual(bundle.calls.toSorted((a, b) => a.deadline.localeCompare(b.deadline)).map((c) => c.id));
      expect(all.body.Items.find((c) => c.id === closed.id)?.open).toBe(false);
      const journal = journalOf(closed.journal);
      expect((await get<List<CallSummary>>(`/api/calls/tr?journal=${journal?.tr.slug}`)).body).toEqual({ Items: [], Count: 0 });
      const ofJournal = await get<List<CallSummary>>(`/api/calls/tr?journal=${journal?.tr.slug}&include=closed`);
      expect(ofJournal.body.Items.map((c) => c.id)).toEqual([closed.id]);
      expect((await get<ApiError>("/api/calls/en?journal=no-such-journal")).status).toBe(404);
      const refused = await get<ApiError>("/api/calls/tr?include=everything");
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain("include");
    });

    it("drops a call the day after its deadline, by the publisher's (Istanbul's) calendar", async () => {
      // 23:59 on the deadline in Istanbul (UTC+3).
      vi.setSystemTime(new Date("2026-12-20T20:59:00Z"));
      expect(await openIds()).toContain(soonest.id);
      vi.setSystemTime(new Date("2026-12-20T21:00:01Z"));
      expect(await openIds()).not.toContain(soonest.id);
      expect((await get<CallDetail>(`/api/calls/en/${soonest.id}`)).body.open).toBe(false);
    });

    it("answers one call by its id with its text, open or closed; an unknown id is a 404", async () => {
      const { status, body } = await get<CallDetail>(`/api/calls/tr/${closed.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: closed.id, title: closed.tr.title, open: false, deadline: closed.deadline });
      expect(body.bodyHtml).toMatch(/^<p>1830/);
      expect((await get<ApiError>("/api/calls/en/no-such-call")).status).toBe(404);
    });

    it("forgets a call whose file was deleted at the next import, which moves the revision on", async () => {
      const before = await readRevision(handle.db);
      await importContent(handle.db, { ...bundle, calls: bundle.calls.filter((c) => c.id !== soonest.id) });
      expect(await readRevision(handle.db)).toBe(before + 1);
      expect(await openIds()).not.toContain(soonest.id);
      const left = await handle.db.selectFrom("callForPapersText").select("callId").where("callId", "=", soonest.id).execute();
      expect(left).toEqual([]);
      expect((await get<ApiError>(`/api/calls/en/${soonest.id}`)).status).toBe(404);
    });
  });
}
