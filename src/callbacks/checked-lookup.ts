import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import type { OutboundPolicy } from './outbound-policy.js';

/** How a host name is resolved: `dns.lookup` with `all: true`, or a stand-in in tests. */
export type Resolve = (
  host: string,
  options: LookupAllOptions,
  done: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export const defaultResolve: Resolve = (host, options, done) => dnsLookup(host, options, done);

/** The code of the error a connection fails with when a name resolved where the policy does not allow. */
export const ADDRESS_REFUSED = 'EADDRESSREFUSED';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `net.connect` to `port`: resolves the name once, refuses the connection when any address it
 * resolved to is one the policy refuses, else hands over the addresses just checked, so the socket
 * connects to what was checked and a second answer (DNS rebinding) never comes into it.
 */
export function checkedLookup(policy: OutboundPolicy, port: number, resolve: Resolve = defaultResolve) {
  return (host: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    resolve(host, { ...(options.hints === undefined ? {} : { hints: options.hints }), family, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refusal = policy.addressRefusal(host, address, port);
        if (refusal !== undefined) return callback(Object.assign(new Error(refusal), { code: ADDRESS_REFUSED }), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (first === undefined) return callback(Object.assign(new Error(`${host} resolves to no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
