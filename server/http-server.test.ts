/**
 * The server's limits, on a real server and real sockets: a slow-loris client is answered 408 and
 * cut at the headers' limit, a slow body at the request's, an idle keep-alive connection is kept
 * meanwhile, and one address's connections above the cap are closed while another's are served.
 */
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { peerKey } from "./connection-cap.ts";
import { createHttpServer, type HttpLimits } from "./http-server.ts";

const servers: ReturnType<typeof createHttpServer>[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(limits: Partial<HttpLimits>) {
  const server = createHttpServer(
    (req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    },
    { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 30_000, checkEveryMs: 100, connectionsPerAddress: 0, ...limits },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection from `from`, what it received, and when it was closed (ms after it opened). */
function open(port: number, from = "127.0.0.1") {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  sockets.push(socket);
  const opened = performance.now();
  const state = { received: "", closedAfter: undefined as number | undefined };
  socket.on("error", () => {});
  socket.on("data", (chunk) => {
    state.received += chunk;
  });
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      state.closedAfter = performance.now() - opened;
      resolve();
    }),
  );
  return { socket, state, connected, closed };
}

/** Writes `text` a byte at a time, one every `everyMs`, until the socket is closed. */
function dribble(socket: Socket, text: string, everyMs: number) {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++] as string);
  }, everyMs);
}

const answered = (state: { received: string }) => /^HTTP\/1\.1 200 OK/.test(state.received);

describe("the HTTP server's limits", () => {
  it("cuts a client that sends its headers a byte at a time at the headers' limit, with 408, while an idle keep-alive connection is kept", async () => {
    const port = await serve({ headersTimeoutMs: 1000 });
    // A keep-alive connection with one request answered, then idle through what follows.
    const idle = open(port);
    await idle.connected;
    idle.socket.write("GET / HTTP/1.1\r\nHost: a\r\n\r\n");
    await vi.waitFor(() => expect(answered(idle.state)).toBe(true));

    const loris = open(port);
    await loris.connected;
    dribble(loris.socket, `GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ${"s".repeat(200)}`, 100);
    await loris.closed;
    expect(loris.state.received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    // The limit, and the check's interval: well before the 300 s a slow client was held.
    expect(loris.state.closedAfter).toBeGreaterThanOrEqual(900);
    expect(loris.state.closedAfter).toBeLessThan(3000);

    // Idle longer than the headers' limit, it is still open and answers its next request.
    expect(idle.state.closedAfter).toBeUndefined();
    idle.state.received = "";
    idle.socket.write("GET /again HTTP/1.1\r\nHost: a\r\n\r\n");
    await vi.waitFor(() => expect(answered(idle.state)).toBe(true));
  });

  it("cuts a request whose body comes a byte at a time at the request's limit, with 408", async () => {
    const port = await serve({ headersTimeoutMs: 500, requestTimeoutMs: 1500 });
    const slow = open(port);
    await slow.connected;
    slow.socket.write("POST /contact-us HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n");
    dribble(slow.socket, "x".repeat(1000), 100);
    await slow.closed;
    expect(slow.state.received).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(slow.state.closedAfter).toBeGreaterThanOrEqual(1400);
    expect(slow.state.closedAfter).toBeLessThan(4000);
  });

  it("closes one address's connections above the cap as they come, serves another address's, and takes the first again once one closes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const port = await serve({ connectionsPerAddress: 3 });
    const held = [open(port), open(port), open(port)];
    await Promise.all(held.map((c) => c.connected));
    for (const c of held) c.socket.write("GET / HTTP/1.1\r\nHost: a\r\n\r\n");
    await vi.waitFor(() => expect(held.every((c) => answered(c.state))).toBe(true));

    const fourth = open(port);
    const fifth = open(port);
    await Promise.all([fourth.closed, fifth.closed]);
    expect([fourth.state.received, fifth.state.received]).toEqual(["", ""]);
    expect(warn.mock.calls).toEqual([["connections: 127.0.0.1 has 3 open, the most one address may: closing the ones above"]]);

    // Another address of the machine is served meanwhile.
    const other = open(port, "127.0.0.2");
    await other.connected;
    other.socket.write("GET / HTTP/1.1\r\nHost: a\r\n\r\n");
    await vi.waitFor(() => expect(answered(other.state)).toBe(true));

    // One of the three closed: the address may open another.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    const again = open(port);
    await again.connected;
    again.socket.write("GET / HTTP/1.1\r\nHost: a\r\n\r\n");
    await vi.waitFor(() => expect(answered(again.state)).toBe(true));
    expect(again.state.closedAfter).toBeUndefined();
  });

  it("counts an IPv4 peer by its address and an IPv6 peer by its /64", () => {
    expect(peerKey("203.0.113.7")).toBe("203.0.113.7");
    expect(peerKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(peerKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(peerKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(peerKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(peerKey("::1")).toBe("0:0:0:0::/64");
    expect(peerKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
