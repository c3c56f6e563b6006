/**
 * A web process that only counts the use of articles (service/usage/counter.ts) into the SQLite file
 * its argument names, answering every GET with "ok", each visitor's address taken from `X-Test-Ip`.
 * It prints `listening {port}` once it listens: service/usage/counter.test.ts kills it with SIGKILL.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { openDatabase } from "../service/db/database.ts";
import { usageCounter } from "../service/usage/counter.ts";
import { recordUsage } from "../service/usage/record.ts";

const { db } = openDatabase(process.argv[2]);
const usage = usageCounter({ send: (batch) => recordUsage(db, batch.uses), secret: "" });
const app = new Hono();
app.use(usage.middleware((c) => c.req.header("x-test-ip")));
app.get("*", (c) => c.text("ok"));
serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, ({ port }) => console.log(`listening ${port}`));
