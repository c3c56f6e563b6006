/**
 * The network a visitor's address belongs to, as counted usage caps it (service/usage/record.ts,
 * docs/decisions/041-counting-resists-one-client.md): an IPv4 address's /24, an IPv6 address's /48
 * (what one site or customer is usually given, RFC 6177: a single machine may hold a whole /64,
 * and a hosting customer a /48). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is IPv4.
 * Anything else (no address, or what a proxy said that is not one) is its own network.
 * @example visitorNetwork("203.0.113.77") // "203.0.113.0/24"
 * @example visitorNetwork("2001:db8:7:1::5") // "2001:db8:7::/48"
 */
import { isIPv4, isIPv6 } from "node:net";

export function visitorNetwork(address: string | undefined): string {
  if (!address) return "";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.slice(0, v4.lastIndexOf("."))}.0/24`;
  if (!isIPv6(address)) return address;
  // The first three groups, whatever `::` stands for.
  const [head, tail] = address.toLowerCase().split("%")[0].split("::");
  const groups = head ? head.split(":") : [];
  if (tail !== undefined) groups.push(...Array(8).fill("0"));
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/48`;
}
