import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** Express's names for address ranges (proxy-addr), understood here too so one list serves both. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is the IPv4 address it carries. */
function plain(address: string): string {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

function validEntry(entry: string): boolean {
  if (entry in NAMED_RANGES) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES: the proxies in front of this process whose X-Forwarded-For is believed — addresses,
 * CIDR ranges or Express's names (`loopback`, `linklocal`, `uniquelocal`), comma-separated. Empty: none.
 */
export const trustedProxiesEnv = () =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const entries = (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const bad = entries.find((entry) => !validEntry(entry));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is not an address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal` });
        return z.NEVER;
      }
      return entries;
    });

/** The trusted proxies as a matcher (IPv4 and IPv6), or null when there are none. */
export function proxyMatcher(entries: readonly string[]): ((address: string) => boolean) | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address: the TCP peer, unless the peer is a trusted proxy — then the address that proxy
 * was given (the last of X-Forwarded-For), and so on through a chain of trusted proxies. An entry that is
 * not an address ends the walk at the last trusted hop. Nothing a client writes in X-Forwarded-For is
 * believed unless a trusted proxy put it there.
 */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: ((address: string) => boolean) | null,
): string | undefined {
  let address = peer === undefined ? undefined : plain(peer);
  if (!trusted || address === undefined) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  while (trusted(address) && hops.length > 0) {
    const next = plain(hops.pop()!);
    if (!isIP(next)) break;
    address = next;
  }
  return address;
}
