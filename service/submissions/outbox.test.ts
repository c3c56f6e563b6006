import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { type ContentDb, openDatabase } from "../db/database.ts";
import { deliverDue, type OutboxOptions, startOutbox } from "./outbox.ts";

/** A message as the SMTP sink received it: the envelope, the decoded headers and the text. */
interface Received {
  mailFrom: string;
  rcptTo: string[];
  headers: Map<string, string>;
  text: string;
}

interface Sink {
  port: number;
  messages: Received[];
  stop(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (port 0: any free port), and answers
 * each message's data once `answered` resolves (at once without it): a server slow to answer, held
 * by the test rather than for a number of milliseconds.
 */
async function startSink(port = 0, extra: Partial<SMTPServerOptions> = {}, answered = Promise.resolve()): Promise<Sink> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    ...extra,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString("latin1"));
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push({ mailFrom, rcptTo: session.envelope.rcptTo.map((r) => r.address), headers, text });
        void answered.then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for nodemailer's single-part text mail: unfolded headers, encoded words, QP or base64. */
function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body, "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          )
        : Buffer.from(body, "latin1");
  return { headers, text: bytes.toString("utf8").replace(/\r\n/g, "\n").trimEnd() };
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, "$1")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** A port nothing listens on (a sink's, once stopped). */
async function closedPort(): Promise<number> {
  const sink = await startSink();
  await sink.stop();
  return sink.port;
}

const t0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const FROM = "Meridian website <no-reply@meridianpress.example>";

async function insertMessage(db: ContentDb, id: string, outbox: { nextAttemptAt?: string; lockedUntil?: string | null; attempts?: number } = {}) {
  await db
    .insertInto("submission")
    .values({
      id,
      form: "contact",
      locale: "tr",
      departmentId: "editorial-office",
      name: "Çağrı Öztürk",
      email: "cagri@example.org",
      phone: null,
      fields: JSON.stringify({ subject: "Dergi başvurusu", message: "Merhaba" }),
      createdAt: t0.toISOString(),
    })
    .execute();
  await db
    .insertInto("outbox")
    .values({
      submissionId: id,
      recipient: "editorial@meridianpress.example",
      replyTo: "cagri@example.org",
      subject: `İletişim formu: Dergi başvurusu (${id})`,
      body: `Gönderen: Çağrı Öztürk\nMesaj:\nMerhaba, şu dergiye başvurmak istiyorum.\n.\nReferans: ${id}`,
      nextAttemptAt: outbox.nextAttemptAt ?? t0.toISOString(),
      lockedUntil: outbox.lockedUntil ?? null,
      attempts: outbox.attempts ?? 0,
      deliveredAt: null,
      lastError: null,
    })
    .execute();
}

const outboxRow = (db: ContentDb, id: string) => db.selectFrom("outbox").selectAll().where("submissionId", "=", id).executeTakeFirstOrThrow();

for (const database of testDatabases()) {
  describe(`mail outbox on ${database.dialect}`, () => {
    let db: ContentDb;
    let sink: Sink;
    const options = (extra: Partial<OutboxOptions> = {}): OutboxOptions => ({
      db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: FROM,
      retryBaseMs: 250,
      retryMaxMs: 1000,
      now: () => t0,
      ...extra,
    });

    beforeEach(async () => {
      db = (await database.open()).db;
      sink = await startSink();
      // Failures are logged by design; keep the test output readable (and check the wording).
      vi.spyOn(console, "warn").mockImplementation(() => {});
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      await sink.stop();
      await db.destroy();
    });

    it("sends a due message to the SMTP server as it is stored, and marks it delivered", async () => {
      await insertMessage(db, "MP-0001");
      expect(await deliverDue(options({ now: () => at(5) }))).toEqual({ sent: 1, failed: 0 });

      expect(sink.messages).toHaveLength(1);
      const [mail] = sink.messages;
      expect(mail.rcptTo).toEqual(["editorial@meridianpress.example"]);
      expect(mail.mailFrom).toBe("no-reply@meridianpress.example");
      expect(mail.headers.get("to")).toBe("editorial@meridianpress.example");
      expect(mail.headers.get("reply-to")).toBe("cagri@example.org");
      expect(mail.headers.get("from")).toBe(FROM);
      expect(mail.headers.get("subject")).toBe("İletişim formu: Dergi başvurusu (MP-0001)");
      expect(mail.text).toBe("Gönderen: Çağrı Öztürk\nMesaj:\nMerhaba, şu dergiye başvurmak istiyorum.\n.\nReferans: MP-0001");

      expect(await outboxRow(db, "MP-0001")).toMatchObject({ deliveredAt: at(5).toISOString(), attempts: 1, lockedUntil: null, lastError: null });
      // Delivered is final: later passes leave it alone.
      expect(await deliverDue(options({ now: () => at(86_400_000) }))).toEqual({ sent: 0, failed: 0 });
      expect(sink.messages).toHaveLength(1);
    });

    it("does not send a message before its next attempt is due", async () => {
      await insertMessage(db, "MP-0002", { nextAttemptAt: at(1000).toISOString() });
      expect(await deliverDue(options({ now: () => at(999) }))).toEqual({ sent: 0, failed: 0 });
      expect(sink.messages).toHaveLength(0);
      expect(await deliverDue(options({ now: () => at(1000) }))).toEqual({ sent: 1, failed: 0 });
    });

    it("retries with a doubling wait while the SMTP server is down, then delivers once", async () => {
      const port = await closedPort();
      let now = t0;
      const down = options({ smtpUrl: `smtp://127.0.0.1:${port}`, now: () => now });
      await insertMessage(db, "MP-0003");

      const waits = [250, 500, 1000, 1000];
      for (const [index, wait] of waits.entries()) {
        expect(await deliverDue(down)).toEqual({ sent: 0, failed: 1 });
        const row = await outboxRow(db, "MP-0003");
        const next = new Date(now.getTime() + wait).toISOString();
        expect(row).toMatchObject({ attempts: index + 1, deliveredAt: null, lockedUntil: null, nextAttemptAt: next });
        expect(row.lastError).toMatch(/ECONNREFUSED/);
        expect(console.warn).toHaveBeenLastCalledWith(
          expect.stringMatching(new RegExp(`^outbox: could not send MP-0003 \\(attempt ${index + 1}\\): .*ECONNREFUSED.*; next try at ${next}$`)),
        );
        // Not due again before the wait is over.
        now = new Date(now.getTime() + wait - 1);
        expect(await deliverDue(down)).toEqual({ sent: 0, failed: 0 });
        now = new Date(now.getTime() + 1);
      }

      const back = await startSink(port);
      try {
        expect(await deliverDue(down)).toEqual({ sent: 1, failed: 0 });
        now = new Date(now.getTime() + 3_600_000);
        expect(await deliverDue(down)).toEqual({ sent: 0, failed: 0 });
        expect(back.messages.map((m) => m.headers.get("subject"))).toEqual(["İletişim formu: Dergi başvurusu (MP-0003)"]);
        expect(await outboxRow(db, "MP-0003")).toMatchObject({ attempts: waits.length + 1, lastError: null, lockedUntil: null });
      } finally {
        await back.stop();
      }
    });

    it("delivers each message once when two workers run a pass at the same time", async () => {
      const ids = ["MP-0101", "MP-0102", "MP-0103", "MP-0104", "MP-0105", "MP-0106"];
      for (const id of ids) await insertMessage(db, id);
      // Two option objects, each pass with its own SMTP transport: two workers on one database.
      const results = await Promise.all([deliverDue(options()), deliverDue(options())]);
      expect(results[0].sent + results[1].sent).toBe(ids.length);
      expect(results[0].failed + results[1].failed).toBe(0);
      const subjects = sink.messages.map((m) => m.headers.get("subject"));
      expect(subjects.sort()).toEqual(ids.map((id) => `İletişim formu: Dergi başvurusu (${id})`));
      const rows = await db.selectFrom("outbox").select(["attempts", "deliveredAt"]).execute();
      expect(rows.every((r) => r.attempts === 1 && r.deliveredAt !== null)).toBe(true);
    });

    it("leaves a message claimed by another worker alone until the claim runs out", async () => {
      await insertMessage(db, "MP-0004", { attempts: 1, lockedUntil: at(60_000).toISOString() });
      expect(await deliverDue(options({ now: () => at(59_999) }))).toEqual({ sent: 0, failed: 0 });
      expect(sink.messages).toHaveLength(0);
      expect(await outboxRow(db, "MP-0004")).toMatchObject({ attempts: 1, lockedUntil: at(60_000).toISOString() });
      // That worker died: after its lease the message is taken over and sent.
      expect(await deliverDue(options({ now: () => at(60_001) }))).toEqual({ sent: 1, failed: 0 });
      expect(sink.messages).toHaveLength(1);
      expect(await outboxRow(db, "MP-0004")).toMatchObject({ attempts: 2, lockedUntil: null });
    });

    it("logs in with the URL's credentials and keeps them out of the recorded error", async () => {
      const secure = await startSink(0, {
        authOptional: false,
        allowInsecureAuth: true,
        onAuth(auth, _session, callback) {
          if (auth.username === "web-mailer" && auth.password === "p@ss w0rd!") callback(null, { user: auth.username });
          else callback(new Error("Invalid username or password"));
        },
      });
      try {
        await insertMessage(db, "MP-0005");
        const wrong = options({ smtpUrl: `smtp://web-mailer:wrong-S3cret@127.0.0.1:${secure.port}` });
        expect(await deliverDue(wrong)).toEqual({ sent: 0, failed: 1 });
        const { lastError } = await outboxRow(db, "MP-0005");
        expect(lastError).toMatch(/EAUTH/);
        expect(lastError).not.toMatch(/wrong-S3cret|web-mailer/);
        expect(vi.mocked(console.warn).mock.calls.flat().join("\n")).not.toMatch(/wrong-S3cret/);

        const right = options({ smtpUrl: `smtp://web-mailer:${encodeURIComponent("p@ss w0rd!")}@127.0.0.1:${secure.port}`, now: () => at(250) });
        expect(await deliverDue(right)).toEqual({ sent: 1, failed: 0 });
        expect(secure.messages).toHaveLength(1);
      } finally {
        await secure.stop();
      }
    });

    it("sends what was waiting when it starts, then soon after a kick, and nothing once stopped", async () => {
      const realTime = { now: undefined, pollMs: 60_000 };
      await insertMessage(db, "MP-0006", { nextAttemptAt: new Date().toISOString() });
      const worker = startOutbox(options(realTime));
      try {
        await vi.waitFor(() => expect(sink.messages).toHaveLength(1), { timeout: 5000, interval: 20 });
        await vi.waitFor(async () => expect((await outboxRow(db, "MP-0006")).deliveredAt).not.toBeNull(), { timeout: 5000, interval: 20 });
        // The next poll is a minute away: only the kick can send this one now.
        await insertMessage(db, "MP-0007", { nextAttemptAt: new Date().toISOString() });
        worker.kick();
        worker.kick();
        await vi.waitFor(() => expect(sink.messages).toHaveLength(2), { timeout: 2000, interval: 20 });
      } finally {
        await worker.stop();
      }
      await insertMessage(db, "MP-0008", { nextAttemptAt: new Date().toISOString() });
      // Stopped, the worker has no timer left to wake it, and a kick sets none: nothing can send
      // MP-0008 later (the worker's timers on a clock of the test's, to count them).
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      try {
        worker.kick();
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        vi.useRealTimers();
      }
      expect(sink.messages.map((m) => m.headers.get("subject"))).toEqual([
        "İletişim formu: Dergi başvurusu (MP-0006)",
        "İletişim formu: Dergi başvurusu (MP-0007)",
      ]);
      expect(await outboxRow(db, "MP-0008")).toMatchObject({ attempts: 0, deliveredAt: null });
    });

    it("lets the message being sent finish when stopped", async () => {
      let answer = () => {};
      const slow = await startSink(0, {}, new Promise<void>((resolve) => (answer = resolve)));
      try {
        await insertMessage(db, "MP-0009", { nextAttemptAt: new Date().toISOString() });
        const worker = startOutbox(options({ now: undefined, smtpUrl: `smtp://127.0.0.1:${slow.port}` }));
        // The server has the message but has not answered yet.
        await vi.waitFor(() => expect(slow.messages).toHaveLength(1), { timeout: 5000, interval: 10 });
        const stopping = worker.stop();
        // Stopping waits for the answer: it is still under way once the event loop has turned.
        const turned = new Promise((resolve) => setImmediate(resolve, "still stopping"));
        expect(await Promise.race([stopping.then(() => "stopped"), turned])).toBe("still stopping");
        answer();
        await stopping;
        expect(await outboxRow(db, "MP-0009")).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
        expect((await outboxRow(db, "MP-0009")).deliveredAt).not.toBeNull();
      } finally {
        answer();
        await slow.stop();
      }
    });
  });
}

describe("mail outbox worker", () => {
  it("logs a failed pass instead of throwing it out of its timer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // A database without the outbox table: every pass fails.
    const { db } = openDatabase(":memory:");
    const worker = startOutbox({ db, smtpUrl: "smtp://127.0.0.1:1", from: FROM, pollMs: 20 });
    try {
      await vi.waitFor(() => expect(warn.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 10 });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^outbox: delivery pass failed: .*outbox/));
    } finally {
      await worker.stop();
      await db.destroy();
      warn.mockRestore();
    }
  });
});
