/**
 * At most `max` open connections from one address (decision 043): a client that opens a hundred
 * sockets and feeds each a byte now and then (slow-loris) holds its share of them, not the process.
 * A connection above the cap is closed as it arrives, before a byte of it is read. An IPv6 peer is
 * counted by its /64, the block one subscriber or one machine is given (counted by its address, it
 * could take a new one per socket); an IPv4 peer by its address, since a campus or a household
 * behind one NAT shares that address, and the cap is set high enough for them (several browsers,
 * each with its 6 connections).
 * Counted per process: with several workers, each counts the connections the primary hands it.
 */

import type { Server, Socket } from "node:net";
import { isIPv6 } from "node:net";
import { ipv6Block, unmapped } from "../service/visitor-network.ts";

/** What a peer is counted by: its IPv4 address (an IPv4-mapped IPv6 address is one), or its IPv6 /64. */
export function peerKey(address: string): string {
  const v4 = unmapped(address);
  return isIPv6(v4) ? ipv6Block(v4, 4) : v4;
}

export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  /** The peers refused since they were last under the cap: one line each, not one per socket. */
  const reported = new Set<string>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const key = peerKey(address);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      if (!reported.has(key)) {
        reported.add(key);
        console.warn(`connections: ${key} has ${count} open, the most one address may: closing the ones above`);
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < max) reported.delete(key);
    });
  });
}
