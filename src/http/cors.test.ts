import { describe, expect, it } from 'vitest';
import { isLoopbackOrigin } from './cors.js';

describe('isLoopbackOrigin', () => {
  it.each(['http://localhost:5173', 'https://app.localhost', 'http://127.0.0.1:3000', 'http://127.9.8.7', 'http://[::1]:8080'])(
    'takes %s for a page served from this machine',
    (origin) => expect(isLoopbackOrigin(origin)).toBe(true),
  );

  it.each(['https://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example', 'null', 'http://10.0.0.1', ''])(
    'takes %s for a page of another site',
    (origin) => expect(isLoopbackOrigin(origin)).toBe(false),
  );
});
