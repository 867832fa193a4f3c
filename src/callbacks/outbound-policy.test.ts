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

describe('address ranges and resolved addresses', () => {
  it('allows the addresses of a listed range, written any way the URL parser reads', () => {
    const allow = ['10.0.0.0/8', '[fd00::]/8'];
    expect(refusal(allow, 'http://10.2.3.4:8080/x')).toBeUndefined();
    expect(refusal(allow, 'http://0xa.1/x')).toBeUndefined();
    expect(refusal(allow, 'http://[fd12::1]/x')).toBeUndefined();
    expect(refusal(allow, 'http://11.0.0.1/x')).toContain('not in --callback-allow');
    expect(refusal(allow, 'http://127.0.0.1/x')).toContain('not in --callback-allow');
  });

  it('lets a name lead to public addresses, loopback only where loopback is allowed, others only where listed', () => {
    const byName = createOutboundPolicy(['hooks.example']);
    expect(byName.addressRefusal('hooks.example', '93.184.215.14', 443)).toBeUndefined();
    expect(byName.addressRefusal('hooks.example', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', 443)).toBeUndefined();
    for (const address of [
      '127.0.0.1',
      '::1',
      '169.254.169.254',
      '::ffff:a9fe:a9fe',
      '10.0.0.1',
      '192.168.1.1',
      'fd00::1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(byName.addressRefusal('hooks.example', address, 443), address).toContain(`resolves to ${address}`);
    const withLoopback = createOutboundPolicy(['hooks.example', 'localhost']);
    expect(withLoopback.addressRefusal('hooks.example', '127.0.0.2', 443)).toBeUndefined();
    expect(withLoopback.addressRefusal('hooks.example', '169.254.169.254', 443)).toContain('link-local');
    const withRange = createOutboundPolicy(['consumer', '172.16.0.0/12']);
    expect(withRange.addressRefusal('consumer', '172.18.0.5', 443)).toBeUndefined();
    expect(withRange.addressRefusal('consumer', '10.0.0.5', 443)).toContain('private');
    expect(createOutboundPolicy([]).addressRefusal('localhost', '::1', 443)).toBeUndefined();
  });
});
