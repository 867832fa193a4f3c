import { describe, expect, it } from 'vitest';
import { maskedUrl } from './shared-store.js';

describe('maskedUrl', () => {
  it('masks the password in the authority', () => {
    expect(maskedUrl('redis://user:s3cretpw@127.0.0.1:6379/0')).toBe('redis://user:***@127.0.0.1:6379/0');
  });

  it('masks a password, and any secret-named parameter, given in the query, keeping the others', () => {
    const masked = maskedUrl('redis://127.0.0.1:36399/?password=s3cretpw&db=2&auth_token=t0k&tls=false');
    expect(masked).not.toContain('s3cretpw');
    expect(masked).not.toContain('t0k');
    expect(masked).toBe('redis://127.0.0.1:36399/?password=***&db=2&auth_token=***&tls=false');
  });

  it('says "the store URL" for what is no URL', () => {
    expect(maskedUrl('not a url')).toBe('the store URL');
  });
});
