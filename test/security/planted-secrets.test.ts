import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
const SPEC = new URL('./fixtures/secrets.yaml', import.meta.url).pathname;

/** Each planted secret: long and unique, so a masked one (which may keep its last four characters) never matches whole. */
const planted: string[] = [];
const secret = (label: string) => {
  const value = `Pl4nted${label}Zq9x7Wv`;
  planted.push(value);
  return value;
};

/** `{ a: { a: ... { [name]: value } } }`, `levels` deep. */
function nest(levels: number, name: string, value: unknown): unknown {
  let inner: unknown = { [name]: value };
  for (let i = 0; i < levels; i++) inner = { a: inner };
  return inner;
}

const req = {
  json: {
    password: secret('ReqPassword'),
    nested: { client_secret: secret('ReqClientSecret') },
    access_token: [secret('ReqTokenInArray')],
    credentials: { user: 'ann', pin: secret('ReqCredentialsObject') },
    deep: nest(70, 'refresh_token', secret('ReqDeepToken')),
  },
  form: `password=${secret('ReqFormPassword')}&client_secret=${secret('ReqFormSecret')}&plain=1`,
  multipart: secret('ReqMultipartPassword'),
  text: `token=${secret('ReqTextToken')}`,
  query: secret('ReqQueryToken'),
  authorization: secret('ReqBearer'),
  refreshHeader: secret('ReqRefreshHeader'),
  apiKeyHeader: secret('ReqApiKeyHeader'),
};
const res = {
  json: {
    access_token: secret('ResToken'),
    refresh_token: { value: secret('ResTokenObject') },
    deep: nest(70, 'id_token', secret('ResDeepToken')),
  },
  form: `access_token=${secret('ResFormToken')}&token_type=bearer`,
  text: `secret=${secret('ResTextSecret')}`,
  location: secret('ResLocationToken'),
  contentLocation: secret('ResContentLocationToken'),
  link: secret('ResLinkToken'),
  refreshHeader: secret('ResRefreshHeader'),
  cookie: secret('ResCookie'),
};

const upstreams: Server[] = [];
afterEach(async () => {
  for (const upstream of upstreams.splice(0)) {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
});

/** A real token service that answers in the form the query's `as` names, with secrets in its headers too. */
async function tokenService(): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    const as = new URL(request.url ?? '/', 'http://x').searchParams.get('as') ?? 'json';
    const [type, body] =
      as === 'form'
        ? ['application/x-www-form-urlencoded', res.form]
        : as === 'text'
          ? ['text/plain', res.text]
          : ['application/json', JSON.stringify(res.json)];
    response.writeHead(200, {
      'content-type': type,
      location: `/callback?state=1&access_token=${res.location}`,
      'content-location': `/tokens/1?id_token=${res.contentLocation}`,
      link: `<https://auth.example/next?refresh_token=${res.link}>; rel="next"`,
      'x-refresh-token': res.refreshHeader,
      'set-cookie': `sid=${res.cookie}; Path=/; HttpOnly`,
    });
    response.end(body);
  });
  upstreams.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function filesUnder(dir: string): Promise<string[]> {
  const texts: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) texts.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  return texts;
}

describe('planted secrets', () => {
  it('reach neither a recording nor the journal, through every body kind, header and URL, both ways', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'psm-secrets-'));
    const server = await mockServer({ spec: SPEC, proxy: await tokenService(), record: dir, logLevel: 'silent' });
    const headers = {
      authorization: `Bearer ${req.authorization}`,
      'x-refresh-token': req.refreshHeader,
      'x-signing-key': req.apiKeyHeader,
    };
    const boundary = 'xYzBoundary';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="password"',
      '',
      req.multipart,
      `--${boundary}`,
      'Content-Disposition: form-data; name="plain"',
      '',
      'kept',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const sent = [
      { as: 'json', type: 'application/json', payload: JSON.stringify(req.json) },
      { as: 'form', type: 'application/x-www-form-urlencoded', payload: req.form },
      { as: 'text', type: `multipart/form-data; boundary=${boundary}`, payload: multipart },
      { as: 'json', type: 'text/plain', payload: req.text },
    ];
    for (const { as, type, payload } of sent) {
      const answer = await server.inject({
        method: 'POST',
        url: `/tokens?as=${as}&access_token=${req.query}`,
        headers: { ...headers, 'content-type': type },
        payload,
      });
      expect(answer.statusCode, `${as} ${type}: ${answer.body}`).toBe(200);
    }
    const flushed = await server.inject({ method: 'POST', url: '/__mock/recordings/flush' });
    expect(flushed.statusCode).toBe(200);
    const written = await filesUnder(dir);
    expect(written.length).toBeGreaterThan(0);
    const journal = [(await server.inject('/__mock/journal')).body, (await server.inject('/__mock/journal?limit=1000')).body];
    // The places were filled: the recording holds the answers it was to keep, the journal every request.
    expect(written.join('\n')).toContain('token_type=bearer');
    expect(JSON.parse(journal[0] as string).entries).toHaveLength(sent.length);
    const leaks = planted.filter((value) => [...written, ...journal].some((text) => text.includes(value)));
    expect(leaks).toEqual([]);
  });
});
