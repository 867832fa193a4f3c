import { describe, expect, it } from 'vitest';
import { createOutboundPolicy } from './outbound-policy.js';

const refusal = (entries: string[], url: string) => createOutboundPolicy(entries).refusal(new URL(url));

describe('the outbound policy', () => {
  it('allows only loopback by default, however the address is written', () => {
    expect(refusal([], 'http://127.0.0.1:8080/x')).toBeUndefined();
    expect(refusal([], 'http://localhost/x')).toBeUndefined();
    expect(refusal([], 'http://[::1]:9/x')).toBeUndefined();
    expect(refusal([], 'http://2130706433/x')).toBeUndefined();
    expect(refusal([], 'http://169.254.169.254/latest/meta-data/')).toContain('not loopback');
    expect(refusal([], 'http://0xa9.0xfe.0xa9.0xfe/')).toContain('not loopback');
    expect(refusal([], 'http://10.0.0.1/')).toContain('not loopback');
  });

  it('allows the listed hosts, on any port or the one given, and nothing else', () => {
    const allow = ['hooks.example', 'api.example:8443'];
    expect(refusal(allow, 'https://hooks.example/x')).toBeUndefined();
    expect(refusal(allow, 'http://HOOKS.example:9000/x')).toBeUndefined();
    expect(refusal(allow, 'http://api.example:8443/x')).toBeUndefined();
    expect(refusal(allow, 'http://api.example/x')).toContain('not in --callback-allow');
    expect(refusal(allow, 'http://127.0.0.1/x')).toContain('not in --callback-allow');
  });

  it('refuses other schemes and URLs with credentials', () => {
    expect(refusal([], 'ftp://127.0.0.1/x')).toContain('not HTTP');
    expect(refusal([], 'http://user:pw@127.0.0.1/x')).toContain('credentials');
  });
});
