/**
 * Where callbacks and webhooks may go. A URL named by a request body (`{$request.body#/callbackUrl}`)
 * or by an admin caller is client input: sent anywhere, it would make the mock a way into the network
 * it runs in (a cloud metadata address, an internal service). Only hosts the user allowed are
 * contacted; by default the loopback interface only. Hosts are compared as the URL parser writes them,
 * so `http://2130706433/` is `127.0.0.1` and `http://0x7f.1/` too.
 */

export interface OutboundPolicy {
  /** Why the URL may not be contacted, or undefined when it may. */
  refusal(url: URL): string | undefined;
}

interface Allowed {
  readonly host: string;
  readonly port: string | undefined;
}

/** `entries`: `host` (any port) or `host:port`; empty allows the loopback interface only. */
export function createOutboundPolicy(entries: readonly string[]): OutboundPolicy {
  const allowed = entries.map(parseEntry);
  return {
    refusal(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not HTTP or HTTPS`;
      if (url.username !== '' || url.password !== '') return 'a URL with credentials is not sent';
      const host = url.hostname.toLowerCase();
      const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
      if (allowed.length === 0) return isLoopback(host) ? undefined : `${url.host} is not loopback; allow it with --callback-allow`;
      const fits = allowed.some((entry) => entry.host === host && (entry.port === undefined || entry.port === port));
      return fits ? undefined : `${url.host} is not in --callback-allow`;
    },
  };
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
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
