import { BlockList, isIP } from 'node:net';

/**
 * Where callbacks and webhooks may go. A URL named by a request body (`{$request.body#/callbackUrl}`)
 * or by an admin caller is client input: sent anywhere, it would make the mock a way into the network
 * it runs in (a cloud metadata address, an internal service). Only hosts the user allowed are
 * contacted; by default the loopback interface only. Hosts are compared as the URL parser writes them,
 * so `http://2130706433/` is `127.0.0.1` and `http://0x7f.1/` too.
 *
 * A host allowed by name is resolved when it is contacted, and may resolve anywhere: every address it
 * resolves to must be public, loopback where loopback is allowed, or inside an address or range the
 * list names (`10.0.0.0/8`); a metadata, link-local or private address is never reached through a name.
 */
export interface OutboundPolicy {
  /** Why the URL may not be contacted, or undefined when it may. */
  refusal(url: URL): string | undefined;
  /** Why `address`, which the allowed name `host` resolved to, may not be contacted, or undefined when it may. */
  addressRefusal(host: string, address: string): string | undefined;
}

interface Allowed {
  readonly host: string;
  readonly port: string | undefined;
}

/** `entries`: `host` (any port), `host:port`, or an address range (`10.0.0.0/8`, `fd00::/8`); empty allows the loopback interface only. */
export function createOutboundPolicy(entries: readonly string[]): OutboundPolicy {
  const ranges = new BlockList();
  const allowed: Allowed[] = [];
  for (const entry of entries) if (!addRange(ranges, entry)) allowed.push(parseEntry(entry));
  const listedAddresses = new BlockList();
  for (const { host } of allowed) addAddress(listedAddresses, host);
  const loopbackAllowed = entries.length === 0 || allowed.some((entry) => isLoopback(entry.host));
  const inRanges = (list: BlockList, address: string) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return {
    refusal(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not HTTP or HTTPS`;
      if (url.username !== '' || url.password !== '') return 'a URL with credentials is not sent';
      const host = url.hostname.toLowerCase();
      const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
      if (inRanges(ranges, unbracketed(host))) return undefined;
      if (entries.length === 0) return isLoopback(host) ? undefined : `${url.host} is not loopback; allow it with --callback-allow`;
      const fits = allowed.some((entry) => entry.host === host && (entry.port === undefined || entry.port === port));
      return fits ? undefined : `${url.host} is not in --callback-allow`;
    },
    addressRefusal(host, address) {
      const kind = addressKind(address);
      if (kind === 'public') return undefined;
      if (kind === 'loopback' && loopbackAllowed) return undefined;
      if (inRanges(ranges, address) || inRanges(listedAddresses, address)) return undefined;
      return `${host} resolves to ${address}, a ${kind} address --callback-allow does not name (list the address or its range to allow it)`;
    },
  };
}

/** Adds `entry` to `ranges` when it is an address range (`10.0.0.0/8`, `[fd00::]/8`); false when it is none. */
function addRange(ranges: BlockList, entry: string): boolean {
  const match = /^\[?([0-9a-fA-F:.]+)\]?\/(\d{1,3})$/.exec(entry.trim());
  const family = match ? isIP(match[1] as string) : 0;
  if (!match || family === 0) return false;
  const prefix = Number(match[2]);
  if (prefix > (family === 6 ? 128 : 32)) return false;
  ranges.addSubnet(match[1] as string, prefix, family === 6 ? 'ipv6' : 'ipv4');
  return true;
}

function addAddress(list: BlockList, host: string): void {
  const address = unbracketed(host);
  const family = isIP(address);
  if (family !== 0) list.addAddress(address, family === 6 ? 'ipv6' : 'ipv4');
}

function parseEntry(entry: string): Allowed {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry.trim());
  const written = (match?.[1] ?? entry).toLowerCase();
  // The URL parser's own form of the host: `[::0:1]` is `[::1]`, `0x7f.1` is `127.0.0.1`.
  let host = written;
  try {
    host = new URL(`http://${written}/`).hostname;
  } catch {}
  return { host, port: match?.[2] };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function unbracketed(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

/** What kind of address one is: public, or one of the special-purpose blocks a name must not lead to unasked. */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'special';

const BLOCKS: readonly (readonly [AddressKind, string, number, 'ipv4' | 'ipv6'])[] = [
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'],
  ['private', 'fc00::', 7, 'ipv6'],
  // Cloud metadata services (169.254.169.254, fd00:ec2::254) live here.
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['special', '192.0.0.0', 24, 'ipv4'],
  ['special', '198.18.0.0', 15, 'ipv4'],
  ['special', '224.0.0.0', 3, 'ipv4'],
  ['special', 'ff00::', 8, 'ipv6'],
  // Translation prefixes carry an IPv4 address, which may be any of the above.
  ['special', '64:ff9b::', 96, 'ipv6'],
  ['special', '64:ff9b:1::', 48, 'ipv6'],
  ['special', '2002::', 16, 'ipv6'],
];

const KINDS = new Map<AddressKind, BlockList>();
for (const [kind, network, prefix, family] of BLOCKS) {
  const list = KINDS.get(kind) ?? new BlockList();
  KINDS.set(kind, list);
  list.addSubnet(network, prefix, family);
}

/** The kind of an IP address; an IPv4-mapped IPv6 address (`::ffff:169.254.169.254`) is its IPv4 address's kind. */
export function addressKind(address: string): AddressKind {
  const plain = mappedIpv4(address) ?? address;
  const family = isIP(plain);
  if (family === 0) return 'special';
  for (const [kind, list] of KINDS) if (list.check(plain, family === 6 ? 'ipv6' : 'ipv4')) return kind;
  return 'public';
}

/** The IPv4 address inside an IPv4-mapped IPv6 one, in either spelling (`::ffff:10.0.0.1`, `::ffff:a00:1`). */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
