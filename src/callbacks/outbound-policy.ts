import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

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
 * An entry's port stays with it whichever way the address is reached: `127.0.0.1:9000` lets a name that
 * resolves to 127.0.0.1 reach port 9000 there, not every port.
 *
 * The mock's own listeners (its ports on a loopback, unspecified or local interface address, however
 * written or resolved) are never contacted unless an entry names that host or address with that port:
 * a callback URL is client input, and would otherwise drive the admin API (`/__mock/reset`) from any page.
 */
export interface OutboundPolicy {
  /** Why the URL may not be contacted, or undefined when it may. */
  refusal(url: URL): string | undefined;
  /** Why `address`, which the allowed name `host` resolved to, may not be contacted on `port`, or undefined when it may. */
  addressRefusal(host: string, address: string, port: number): string | undefined;
}

interface Allowed {
  readonly host: string;
  readonly port: string | undefined;
}

/**
 * `entries`: `host` (any port), `host:port`, or an address range (`10.0.0.0/8`, `fd00::/8`); empty allows
 * the loopback interface only. `ownPorts`: the ports the mock listens on now (read at each check).
 */
export function createOutboundPolicy(entries: readonly string[], ownPorts: () => Iterable<number> = () => []): OutboundPolicy {
  const ranges = new BlockList();
  const allowed: Allowed[] = [];
  for (const entry of entries) if (!addRange(ranges, entry)) allowed.push(parseEntry(entry));
  // Read when a callback is first checked, not as every server is made (most never send one).
  let local: ReadonlySet<string> | undefined;
  const inRanges = (list: BlockList, address: string) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  const portFits = (entry: Allowed, port: string) => entry.port === undefined || entry.port === port;
  /** Why (host, address, port) is one of the mock's own listeners no entry names with its port. */
  const ownRefusal = (host: string, address: string, port: string): string | undefined => {
    const plain = plainAddress(address);
    local ??= localAddresses();
    if (!isOwnAddress(plain, local) || ![...ownPorts()].some((own) => String(own) === port)) return undefined;
    const named = allowed.some((entry) => entry.port === port && (entry.host === host || plainAddress(unbracketed(entry.host)) === plain));
    if (named) return undefined;
    return `${host}:${port} is this mock's own listener; name it with its port in --callback-allow to send there`;
  };
  return {
    refusal(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not HTTP or HTTPS`;
      if (url.username !== '' || url.password !== '') return 'a URL with credentials is not sent';
      const host = url.hostname.toLowerCase();
      const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
      // An address written in the URL is connected to without a lookup: its own listener is checked here.
      const literal = unbracketed(host);
      const own =
        isIP(literal) !== 0 ? ownRefusal(host, literal, port) : host === 'localhost' ? ownRefusal(host, '127.0.0.1', port) : undefined;
      if (own !== undefined) return own;
      if (inRanges(ranges, literal)) return undefined;
      if (entries.length === 0) return isLoopback(host) ? undefined : `${url.host} is not loopback; allow it with --callback-allow`;
      const fits = allowed.some((entry) => entry.host === host && portFits(entry, port));
      return fits ? undefined : `${url.host} is not in --callback-allow`;
    },
    addressRefusal(host, address, portNumber) {
      const port = String(portNumber);
      const own = ownRefusal(host, address, port);
      if (own !== undefined) return own;
      const kind = addressKind(address);
      if (kind === 'public') return undefined;
      const plain = plainAddress(address);
      if (kind === 'loopback' && (entries.length === 0 || allowed.some((entry) => isLoopback(entry.host) && portFits(entry, port))))
        return undefined;
      if (inRanges(ranges, plain)) return undefined;
      if (allowed.some((entry) => plainAddress(unbracketed(entry.host)) === plain && portFits(entry, port))) return undefined;
      return `${host} resolves to ${address}, a ${kind} address --callback-allow does not name with port ${port} (list the address or its range to allow it)`;
    },
  };
}

/** This machine's own interface addresses: a listener on `0.0.0.0` answers on each of them too. */
function localAddresses(): ReadonlySet<string> {
  const found = new Set<string>();
  try {
    for (const list of Object.values(networkInterfaces())) for (const { address } of list ?? []) found.add(plainAddress(address));
  } catch {}
  return found;
}

function isOwnAddress(plain: string, local: ReadonlySet<string>): boolean {
  const kind = addressKind(plain);
  return kind === 'loopback' || kind === 'unspecified' || local.has(plain);
}

/** An address as one spelling: an IPv4-mapped IPv6 address as its IPv4 address, IPv6 lower-case. */
function plainAddress(address: string): string {
  return (mappedIpv4(address) ?? address).toLowerCase();
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

/** BLOCKS as one BlockList per kind, made on the first check (not as the CLI loads). */
let kinds: Map<AddressKind, BlockList> | undefined;
function blockLists(): Map<AddressKind, BlockList> {
  if (kinds) return kinds;
  kinds = new Map();
  for (const [kind, network, prefix, family] of BLOCKS) {
    const list = kinds.get(kind) ?? new BlockList();
    kinds.set(kind, list);
    list.addSubnet(network, prefix, family);
  }
  return kinds;
}

/** The kind of an IP address; an IPv4-mapped IPv6 address (`::ffff:169.254.169.254`) is its IPv4 address's kind. */
export function addressKind(address: string): AddressKind {
  const plain = mappedIpv4(address) ?? address;
  const family = isIP(plain);
  if (family === 0) return 'special';
  for (const [kind, list] of blockLists()) if (list.check(plain, family === 6 ? 'ipv6' : 'ipv4')) return kind;
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
