import { describe, expect, it } from 'vitest';
import { requestHeadersFor } from './forward-headers.js';

describe('requestHeadersFor', () => {
  it('leaves out HTTP/2 pseudo-headers and forwards :authority as X-Forwarded-Host', () => {
    const headers = requestHeadersFor(
      { ':method': 'POST', ':path': '/plants', ':scheme': 'https', ':authority': 'localhost:4010', authorization: 'Bearer t' },
      { address: '10.0.0.2', protocol: 'https' },
    );
    expect(Object.keys(headers).filter((name) => name.startsWith(':'))).toEqual([]);
    expect(headers).toMatchObject({ authorization: 'Bearer t', 'x-forwarded-host': 'localhost:4010', 'x-forwarded-proto': 'https' });
  });

  it('forwards Host as X-Forwarded-Host over HTTP/1.1, never Host itself', () => {
    const headers = requestHeadersFor({ host: 'localhost:4010', accept: '*/*' }, { address: undefined, protocol: 'http' });
    expect(headers.host).toBeUndefined();
    expect(headers['x-forwarded-host']).toBe('localhost:4010');
  });
});
