/**
 * The mail outbox worker: sends each submission's e-mail (an `outbox` row, written in the same
 * transaction as the submission) to its department over SMTP, and retries with a doubling wait
 * until the SMTP server has taken it; a message is never dropped.
 *
 * Several workers (web processes) may share one database, SQLite or PostgreSQL. A worker owns a
 * message only after a conditional UPDATE that changed exactly one row (plain SQL, no dialect's
 * locking clauses): the claim holds it for `leaseMs`, and a worker that died while holding it
 * leaves it to the others once the lease has passed. Times are ISO 8601 UTC strings, compared as text.
 */
import nodemailer from "nodemailer";
import type { ContentDb } from "../db/database.ts";

export interface OutboxOptions {
  db: ContentDb;
  /** smtp://user:pass@host:port, or smtps:// for TLS from the start. */
  smtpUrl: string;
  /** The From header, e.g. "Meridian website <no-reply@meridianpress.example>". */
  from: string;
  /** The wait after the first failure, doubled per attempt (default 30 s). */
  retryBaseMs?: number;
  /** The longest wait between attempts (default 1 h). */
  retryMaxMs?: number;
  /** How often due messages are looked for (default 5 s). */
  pollMs?: number;
  /** How long a claim holds a message (default 60 s). */
  leaseMs?: number;
  /** Connection, greeting, socket and DNS timeouts of the SMTP client (default 10 s). */
  sendTimeoutMs?: number;
  now?: () => Date;
}

/** A message as handed to the transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  signal?: AbortSignal;
}

/** What the worker needs of a transport: a nodemailer transporter has it. */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
  close?(): void;
}

/** Due messages read per query; a pass that found this many and sent some runs again at once. */
const BATCH = 100;

export function createMailTransport(options: Pick<OutboxOptions, "smtpUrl" | "sendTimeoutMs">): MailTransport {
  const timeout = options.sendTimeoutMs ?? 10_000;
  // nodemailer's defaults (2 min to connect, 10 min of silence) would hold a claim past its lease.
  return nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
}

/** One pass over the due messages, with the given transport or one made from `smtpUrl`. */
export async function deliverDue(options: OutboxOptions, transport?: MailTransport): Promise<{ sent: number; failed: number }> {
  const own = transport ? undefined : createMailTransport(options);
  try {
    const { sent, failed } = await runPass(options, transport ?? (own as MailTransport), () => false);
    return { sent, failed };
  } finally {
    own?.close?.();
  }
}

/**
 * Starts the worker: a pass at once (messages left by an earlier run), then every `pollMs`, and
 * soon after each `kick()`. Passes never overlap in one process; kicks during a pass coalesce into
 * one more pass. `stop()` lets the message being sent finish, then stops.
 */
export function startOutbox(options: OutboxOptions): { kick(): void; stop(): Promise<void> } {
  const transport = createMailTransport(options);
  const pollMs = options.pollMs ?? 5_000;
  const secrets = urlSecrets(options.smtpUrl);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopping: Promise<void> | undefined;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopping) return;
    timer = setTimeout(tick, delay);
    // The worker alone should not keep the process alive (the HTTP server does).
    timer.unref();
  };
  const passes = async () => {
    do {
      again = false;
      try {
        const result = await runPass(options, transport, () => stopping !== undefined);
        // More may be due than one batch; but when nothing could be sent, wait for the next poll.
        if (result.full && result.sent > 0) again = true;
      } catch (error) {
        console.warn(`outbox: delivery pass failed: ${describeError(error, secrets)}`);
      }
    } while (again && !stopping);
  };
  function tick() {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = passes().finally(() => {
      running = undefined;
      schedule(pollMs);
    });
  }
  schedule(0);

  return {
    kick() {
      if (stopping) return;
      if (running) again = true;
      else schedule(0);
    },
    stop() {
      stopping ??= (async () => {
        clearTimeout(timer);
        await running;
        transport.close?.();
      })();
      return stopping;
    },
  };
}

type DueRow = { submissionId: string; recipient: string; replyTo: string; subject: string; body: string; attempts: number };

async function runPass(
  options: OutboxOptions,
  transport: MailTransport,
  shouldStop: () => boolean,
): Promise<{ sent: number; failed: number; full: boolean }> {
  const now = options.now ?? (() => new Date());
  const nowIso = now().toISOString();
  const due = await options.db
    .selectFrom("outbox")
    .select(["submissionId", "recipient", "replyTo", "subject", "body", "attempts"])
    .where("deliveredAt", "is", null)
    .where("nextAttemptAt", "<=", nowIso)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", nowIso)]))
    .orderBy("nextAttemptAt")
    .orderBy("submissionId")
    .limit(BATCH)
    .execute();
  const secrets = urlSecrets(options.smtpUrl);
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    if (shouldStop()) break;
    const outcome = await deliverOne(options, transport, row, secrets);
    if (outcome === "sent") sent++;
    if (outcome === "failed") failed++;
  }
  return { sent, failed, full: due.length === BATCH };
}

async function deliverOne(options: OutboxOptions, transport: MailTransport, row: DueRow, secrets: string[]): Promise<"sent" | "failed" | "taken"> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const claimedAt = now();
  const claimedIso = claimedAt.toISOString();
  // `attempts = <as read>` makes the claim fail when another worker claimed the row after we read
  // it (and released it after a failure, with a later nextAttemptAt that this claim rechecks too).
  const claim = await db
    .updateTable("outbox")
    .set((eb) => ({ lockedUntil: new Date(claimedAt.getTime() + leaseMs).toISOString(), attempts: eb("attempts", "+", 1) }))
    .where("submissionId", "=", row.submissionId)
    .where("attempts", "=", row.attempts)
    .where("deliveredAt", "is", null)
    .where("nextAttemptAt", "<=", claimedIso)
    .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", claimedIso)]))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return "taken";
  const attempt = row.attempts + 1;

  try {
    await transport.sendMail({
      from: options.from,
      to: row.recipient,
      replyTo: row.replyTo,
      // The subject carries what a visitor typed: no line breaks in a header.
      subject: row.subject.replace(/[\r\n]+/g, " "),
      text: row.body,
      // Give up well within the lease, so that no other worker claims the message while it is sent.
      signal: AbortSignal.timeout(Math.max(1, Math.floor(leaseMs / 2))),
    });
  } catch (error) {
    const reason = describeError(error, secrets);
    const failedAt = now();
    const retryBaseMs = options.retryBaseMs ?? 30_000;
    const retryMaxMs = options.retryMaxMs ?? 3_600_000;
    const next = new Date(failedAt.getTime() + Math.min(retryBaseMs * 2 ** (attempt - 1), retryMaxMs)).toISOString();
    // Only while the claim is still ours (same attempt count): a worker that took the message
    // over after our lease ran out must keep its own claim.
    await db
      .updateTable("outbox")
      .set({ lastError: reason, lockedUntil: null, nextAttemptAt: next })
      .where("submissionId", "=", row.submissionId)
      .where("attempts", "=", attempt)
      .where("deliveredAt", "is", null)
      .execute();
    console.warn(`outbox: could not send ${row.submissionId} (attempt ${attempt}): ${reason}; next try at ${next}`);
    return "failed";
  }

  try {
    await db
      .updateTable("outbox")
      .set({ deliveredAt: now().toISOString(), lockedUntil: null, lastError: null })
      .where("submissionId", "=", row.submissionId)
      .where("deliveredAt", "is", null)
      .execute();
  } catch (error) {
    throw new Error(
      `sent ${row.submissionId} but could not record it (it will be sent again when its claim runs out): ${describeError(error, secrets)}`,
      {
        cause: error,
      },
    );
  }
  return "sent";
}

/** The SMTP URL's user name and password, as written and decoded: never to be logged or stored. */
function urlSecrets(smtpUrl: string): string[] {
  try {
    const url = new URL(smtpUrl);
    const secrets = [url.password, url.username, safeDecode(url.password), safeDecode(url.username)].filter((s) => s.length > 0);
    // Longest first, so that a user name inside the password does not leave part of it behind.
    return secrets.sort((a, b) => b.length - a.length);
  } catch {
    return [];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A short, one-line reason (nodemailer's code and message), without the SMTP credentials. */
function describeError(error: unknown, secrets: string[]): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  let text = typeof message === "string" ? message : String(error);
  if (typeof code === "string" && !text.includes(code)) text = `${code}: ${text}`;
  for (const secret of secrets) text = text.replaceAll(secret, "***");
  return text.replace(/\s+/g, " ").trim().slice(0, 300);
}
