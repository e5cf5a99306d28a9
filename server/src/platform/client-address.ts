import { isIP } from 'node:net';

/**
 * TRUST_PROXY: comma-separated addresses or CIDR networks of the reverse proxies whose
 * `X-Forwarded-For` is believed. Returns the valid entries and the invalid ones.
 */
export function parseTrustProxy(value: string): { entries: string[]; invalid: string[] } {
  const entries: string[] = [];
  const invalid: string[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (version === 0 || extra !== undefined || !prefixOk) invalid.push(entry);
    else entries.push(entry);
  }
  return { entries, invalid };
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * The key one client is limited under: an IPv4 address as is (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64 network, which one subscriber usually holds whole, so
 * hopping between its addresses buys no more attempts.
 */
export function addressGroup(ip: string | undefined): string {
  // A socket already gone has no address: such requests share one key rather than escape limits.
  const address = (ip ?? 'inconnue').replace(/%.*$/, '');
  const version = isIP(address);
  if (version !== 6) return address;
  const g = ipv6Groups(address.toLowerCase());
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
