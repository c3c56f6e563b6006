/**
 * A TCP proxy in front of a real server (PostgreSQL, for the start-up tests) that can be switched
 * off and on: off, it cuts every connection it carries and resets every new one, as a database
 * restarting does to its clients; on, it passes bytes both ways.
 */
import { createConnection, createServer, type Socket } from "node:net";

export async function switchableProxy(target: { host: string; port: number }, { up = true } = {}) {
  let passing = up;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (!passing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection(target);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(socket);
      socket.pipe(other);
      socket.on("error", () => other.destroy());
      socket.on("close", () => {
        open.delete(socket);
        other.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    /** Cuts what is open and refuses what comes. */
    down() {
      passing = false;
      for (const socket of open) socket.destroy();
    },
    up() {
      passing = true;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
