import { describe, expect, it } from 'vitest';
import { requestHeadersFor } from './forward-headers.js';

describe('requestHeadersFor', () => {
  it('leaves out HTTP/2 pseudo-headers and forwards :authority as X-Forwarded-Host', () => {
    const headers = requestHeadersFor(
      { ':method': 'POST', ':path': '/plants', ':scheme': 'https', ':authority': 'localhost:4010', authorization: 'Bearer t' },
      { address: '10.0.0.2', protocol: 'https' },
    );
    expect(names(headers).filter((name) => name.startsWith(':'))).toEqual([]);
    expect(Object.fromEntries(pairs(headers))).toMatchObject({
      authorization: 'Bearer t',
      'x-forwarded-host': 'localhost:4010',
      'x-forwarded-proto': 'https',
    });
  });

  it('forwards Host as X-Forwarded-Host over HTTP/1.1, never Host itself', () => {
    const headers = requestHeadersFor({ host: 'localhost:4010', accept: '*/*' }, { address: undefined, protocol: 'http' });
    expect(names(headers)).not.toContain('host');
    expect(Object.fromEntries(pairs(headers))['x-forwarded-host']).toBe('localhost:4010');
  });

  it('drops hop-by-hop fields and those Connection names, and extends Via and X-Forwarded-For', () => {
    const headers = requestHeadersFor(
      {
        connection: 'Keep-Alive, X-Hop',
        'x-hop': 'a',
        'keep-alive': 'timeout=5',
        via: '1.0 edge',
        'x-forwarded-for': '10.0.0.1',
        accept: '*/*',
      },
      { address: '10.0.0.2', protocol: 'http' },
    );
    expect(pairs(headers)).toEqual([
      ['accept', '*/*'],
      ['via', '1.0 edge, 1.1 plantstore-mock'],
      ['x-forwarded-for', '10.0.0.1, 10.0.0.2'],
      ['x-forwarded-proto', 'http'],
    ]);
  });

  it('keeps a client’s X-Forwarded-For when the mock does not know its address, and sends each value of a list', () => {
    const headers = requestHeadersFor(
      { 'x-forwarded-for': '10.0.0.1', 'set-cookie': ['a=1', 'b=2'] },
      { address: undefined, protocol: 'http' },
    );
    expect(pairs(headers)).toEqual([
      ['x-forwarded-for', '10.0.0.1'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['via', '1.1 plantstore-mock'],
      ['x-forwarded-proto', 'http'],
    ]);
  });
});

/** The flat name, value, ... list as pairs. */
function pairs(flat: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

function names(flat: readonly string[]): string[] {
  return pairs(flat).map(([name]) => name);
}
