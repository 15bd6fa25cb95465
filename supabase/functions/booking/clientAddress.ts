/**
 * Which client a booking comes from, as the platform saw it. A caller writes whatever it likes into X-Forwarded-For;
 * each proxy in front of the function appends the address that connected to it. So the client is the entry the
 * outermost trusted proxy appended: `hops` entries from the right (1 when one proxy stands in front). A platform that
 * sets a header of its own, overwriting what the caller sent (Cloudflare's cf-connecting-ip), is read instead when
 * named. IPv6 clients are counted by their /64: one subscriber holds a whole /64 and can change addresses within it
 * at will.
 */

/** How the function finds the client's address: BOOKING_CLIENT_IP_HEADER and BOOKING_TRUSTED_HOPS. */
export interface ClientAddressSettings {
  /** A header the platform sets itself with the client's address; X-Forwarded-For (with `hops`) when unset. */
  header?: string | undefined;
  /** How many trusted proxies append to X-Forwarded-For in front of the function; 1 when unset or not a whole number ≥ 1. */
  hops?: string | undefined;
}

const FORWARDED_FOR = "x-forwarded-for";
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The trusted-hop count a setting gives: a whole number from 1, else 1. */
export function trustedHops(setting: string | undefined): number {
  const hops = Number(setting);
  return Number.isInteger(hops) && hops >= 1 ? hops : 1;
}

/** The address the platform reports for this request (as written, not yet normalised), or "" when it reports none. */
export function reportedAddress(headers: Headers, settings: ClientAddressSettings): string {
  const name = settings.header?.trim().toLowerCase() || FORWARDED_FOR;
  // Several X-Forwarded-For headers reach us joined with ", ", in the order they were sent: one list.
  const entries = (headers.get(name) ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // A platform's own header holds one address; should it ever hold a list, its last entry is still the platform's.
  const fromRight = name === FORWARDED_FOR ? trustedHops(settings.hops) : 1;
  // Fewer entries than trusted hops: every entry was appended by a trusted proxy, and the first is the client.
  return entries[Math.max(0, entries.length - fromRight)] ?? "";
}

/** An IPv4 address in dotted form without leading zeros, or null when `text` is not one. */
function ipv4(text: string): string | null {
  const octets = IPV4.exec(text)?.slice(1).map(Number);
  return octets && octets.every((octet) => octet <= 255) ? octets.join(".") : null;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail read as two), or null when `text` is not one. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === "") return [];
    const groups: number[] = [];
    for (const part of half.split(":")) {
      const octets = part.includes(".") ? ipv4(part)?.split(".").map(Number) : undefined;
      if (octets) groups.push(octets[0]! * 256 + octets[1]!, octets[2]! * 256 + octets[3]!);
      else if (/^[0-9a-f]{1,4}$/.test(part)) groups.push(parseInt(part, 16));
      else return null;
    }
    return groups;
  };
  const [head, tail] = [parse(halves[0]!), parse(halves[1] ?? "")];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
}

/**
 * The network a client is counted by: an IPv4 address as itself, an IPv6 address as its /64 ("2001:db8:1:2::/64"),
 * an IPv4-mapped IPv6 address as the IPv4 address. A port or brackets a proxy kept are dropped; anything that is no
 * address at all is kept as written (lower case, at most 100 characters), and nothing as "unknown".
 */
export function clientNetwork(address: string): string {
  let text = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "");
  const four = ipv4(text);
  if (four) return four;
  const groups = ipv6Groups(text);
  if (groups) {
    const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
    if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
    return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
  }
  return text.toLowerCase().slice(0, 100) || "unknown";
}
