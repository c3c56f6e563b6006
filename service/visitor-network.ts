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

/** An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) as IPv4; any other address as it is. */
export const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

/** The block of an IPv6 address's first `groups` groups, whatever `::` stands for: `2001:db8:7::/48` for 3. */
export function ipv6Block(address: string, groups: number): string {
  const [head = "", tail] = address.toLowerCase().split("%")[0].split("::");
  const parts = head ? head.split(":") : [];
  if (tail !== undefined) {
    const rest = tail ? tail.split(":") : [];
    parts.push(...Array(8 - parts.length - rest.length).fill("0"), ...rest);
  }
  return `${parts
    .slice(0, groups)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/${groups * 16}`;
}

export function visitorNetwork(address: string | undefined): string {
  if (!address) return "";
  const v4 = unmapped(address);
  if (isIPv4(v4)) return `${v4.slice(0, v4.lastIndexOf("."))}.0/24`;
  return isIPv6(address) ? ipv6Block(address, 3) : address;
}
