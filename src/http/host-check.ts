import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/** The host a request names: its `Host` header, or over HTTP/2 its `:authority` (which browsers send instead). */
export function requestHost(headers: IncomingHttpHeaders): string | undefined {
  const authority = headers.host ?? headers[':authority'];
  return typeof authority === 'string' ? authority : undefined;
}

/**
 * Whether a request's `Host` names this mock, against DNS rebinding: a page of `attacker.example`
 * whose name the attacker points at 127.0.0.1 reaches the mock as same-origin, and only the Host it
 * sends tells it apart. A rebinding needs a name the attacker controls, so what no attacker can
 * register or point is always accepted:
 * - an IP address (v4 or v6, any: the bound address, a container's, a Testcontainers host's);
 * - `localhost` and `*.localhost` (RFC 6761), `*.internal` (reserved for private use: Docker's
 *   `host.docker.internal`);
 * - a single-label name (`mock`, `plantstore-mock`: a Compose service, a CI network alias), which
 *   public DNS never answers, but only when the mock listens beyond loopback (`singleLabel`): on a
 *   loopback-bound mock no other machine or container can send one, while a browser's lookup of
 *   `intranet` may still be steered by a LAN search domain, LLMNR or mDNS answer (SECURITY.md).
 * Anything else must be listed: `name` exactly, `.example.com` for it and its subdomains; `*` turns
 * the check off (a deliberate public deployment). A request without a Host (HTTP/1.0) comes from no
 * browser and passes. Reusable by every server the mock runs (the API, a proxy, a TLS listener).
 */
export function createHostCheck(allowed: readonly string[], singleLabel = true): (host: string | undefined) => boolean {
  if (allowed.includes('*')) return () => true;
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of allowed) {
    const name = entry.toLowerCase().replace(/\.$/, '');
    if (name.startsWith('.')) {
      suffixes.push(name);
      exact.add(name.slice(1));
    } else exact.add(name);
  }
  // A server sees few distinct Hosts: remember each verdict (bounded, so odd Hosts cannot grow it).
  const seen = new Map<string, boolean>();
  return (host) => {
    if (host === undefined) return true;
    let verdict = seen.get(host);
    if (verdict === undefined) {
      const name = hostName(host);
      verdict =
        name !== undefined && (alwaysAllowed(name, singleLabel) || exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix)));
      if (seen.size < 256) seen.set(host, verdict);
    }
    return verdict;
  };
}

/** The name or address of a Host header, lower case, without port, brackets or a trailing dot; undefined when malformed. */
export function hostName(host: string): string | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::\d{1,5})?$/.exec(host.trim());
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? '').toLowerCase().replace(/\.$/, '');
}

function alwaysAllowed(name: string, singleLabel: boolean): boolean {
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.internal')) return true;
  return singleLabel && /^[a-z0-9_-]+$/.test(name);
}

/** Whether a listen address (`--host`) reaches only this machine: `127.x.y.z`, `::1` or `localhost`. */
export function isLoopbackAddress(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
