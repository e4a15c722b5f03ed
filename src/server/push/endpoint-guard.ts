import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// The server POSTs to whatever push endpoint a signed-in user stored. A host name can resolve
// to an address inside our network (or be re-pointed there after it was checked), so the
// address is checked where the connection is made: the push client's own DNS lookup refuses
// anything that is not a public unicast address, IPv4 embedded in IPv6 included.

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to every address it has (tests may map names themselves). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4, IPv4-compatible), if any. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  const bytes = v6.toByteArray();
  const last32 = () => new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return last32();
  // 6to4: 2002:AABB:CCDD::/48 is the site of AA.BB.CC.DD.
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  // Deprecated IPv4-compatible ::a.b.c.d (also :: and ::1, which land in 0.0.0.0/8).
  if (bytes.slice(0, 12).every((b) => b === 0)) return last32();
  return null;
}

/**
 * Whether an address is one the server may connect to for a push: public unicast only. Refused:
 * private (10/8, 172.16/12, 192.168/16), shared (100.64/10), loopback, link-local, unspecified,
 * broadcast, multicast (224/4, ff00::/8), benchmarking (198.18/15), documentation and other
 * reserved ranges, unique-local (fc00::/7), Teredo, anything outside 2000::/3, and IPv6
 * addresses embedding a refused IPv4 address. Anything that is not an address is refused.
 */
export function isPublicAddress(text: string): boolean {
  const bare = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(ipaddr.IPv6.parse('2000::'), 3);
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * Resolves a host and checks every address it has (one private answer is enough to refuse: the
 * connection could pick it). Rejects with PrivateAddressError, or the resolver's error when the
 * name does not resolve.
 */
export async function resolvePublic(hostname: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw new PrivateAddressError(`${host} is not a public address`);
    return [{ address: host, family: host.includes(':') ? 6 : 4 }];
  }
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new PrivateAddressError(`${host} has no address`);
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused) throw new PrivateAddressError(`${host} resolves to ${refused.address}, which is not a public address`);
  return addresses;
}

/**
 * A `lookup` for http(s).request: the connection goes only to addresses resolvePublic accepted,
 * so a name re-pointed to a private address after the subscribe-time check still gets nowhere.
 */
export function guardedLookup(resolve: Resolver): LookupFunction {
  return (
    hostname: string,
    options: dns.LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
  ) => {
    resolvePublic(hostname, resolve).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, wanted);
        callback(null, wanted[0].address, wanted[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
