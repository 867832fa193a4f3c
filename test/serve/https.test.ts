import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect as connectH2 } from 'node:http2';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Agent, fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { generateCertificate } from '../../src/http/generate-certificate.js';
import { createMockServer, MockConfigError, type MockServer } from '../../src/index.js';

const servers: MockServer[] = [];
const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function listening(options: Parameters<typeof createMockServer>[0]): Promise<{ server: MockServer; url: string }> {
  const server = await createMockServer(options);
  servers.push(server);
  return { server, url: await server.listen() };
}

function agent(options: ConstructorParameters<typeof Agent>[0]): Agent {
  const made = new Agent(options);
  agents.push(made);
  return made;
}

const CREATE = {
  method: 'POST',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
  body: '{"id": 1, "name": "Aloe vera"}',
} as const;

/**
 * One HTTP/2 request with the given pseudo-headers, its answer read to the end as a client does; resolves
 * to the status. (A stream closed before its answer is read never ends on Node 24: its session stays open.)
 */
function h2Request(url: string, ca: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const session = connectH2(url, { ca });
    session.on('error', reject);
    const stream = session.request(headers);
    let status = 0;
    stream.on('response', (h) => {
      status = Number(h[':status']);
    });
    stream.on('end', () => session.close(() => resolve(status)));
    stream.on('error', reject);
    stream.resume();
    stream.end();
  });
}

describe('HTTPS and HTTP/2', () => {
  it('--tls serves HTTP/2 and HTTP/1.1 with a generated certificate whose CA file clients trust', async () => {
    const { server, url } = await listening({ tls: true });
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const caFile = server.tls?.caFile ?? '';
    expect(existsSync(caFile)).toBe(true);
    const ca = readFileSync(caFile, 'utf8');
    const h1 = await fetch(`${url}/plants`, { ...CREATE, dispatcher: agent({ connect: { ca } }) });
    expect(h1.status).toBe(200);
    expect(await h1.json()).toEqual({ name: 'Aloe vera' });
    const h2 = await fetch(`${url}/plants`, { ...CREATE, dispatcher: agent({ connect: { ca }, allowH2: true }) });
    expect(h2.status).toBe(200);
    // A client that does not trust the CA is refused by its own TLS check.
    await expect(fetch(`${url}/__mock/health`, { dispatcher: agent({}) })).rejects.toThrow();
  });

  it('--tls-ca-file writes the generated CA where it is told, for a container module to copy out', async () => {
    const caFile = join(mkdtempSync(join(tmpdir(), 'tls-ca-file-')), 'ca.pem');
    const { server, url } = await listening({ tls: true, tlsCaFile: caFile });
    expect(server.tls?.caFile).toBe(caFile);
    const ca = readFileSync(caFile, 'utf8');
    expect(ca).toBe(server.tls?.caCertificate);
    expect((await fetch(`${url}/__mock/health`, { dispatcher: agent({ connect: { ca } }) })).status).toBe(200);
  });

  it('the certificate names localhost and the --allowed-host names', async () => {
    const { server, url } = await listening({ tls: true, allowedHosts: ['mock.example.test'] });
    const ca = server.tls?.caCertificate ?? '';
    const port = new URL(url).port;
    const viaName = agent({ connect: { ca, lookup: (_h, _o, done) => done(null, [{ address: '127.0.0.1', family: 4 }]) } });
    for (const host of ['localhost', 'mock.example.test']) {
      const response = await fetch(`https://${host}:${port}/__mock/health`, { dispatcher: viaName });
      expect(response.status).toBe(200);
    }
  });

  it('over HTTP/2 the host allow-list and admin same-origin read :authority', async () => {
    const { server, url } = await listening({ tls: true });
    const ca = server.tls?.caCertificate ?? '';
    const authority = new URL(url).host;
    expect(await h2Request(url, ca, { ':path': '/__mock/journal', ':authority': authority, origin: url })).toBe(200);
    expect(await h2Request(url, ca, { ':path': '/__mock/journal', ':authority': authority, origin: 'https://evil.example' })).toBe(403);
    expect(await h2Request(url, ca, { ':path': '/__mock/health', ':authority': 'evil.example' })).toBe(403);
  });

  it('close() ends by the shutdown deadline while an HTTP/2 client keeps its session and an unread stream open', async () => {
    const server = await createMockServer({ tls: true, shutdownTimeout: 300 });
    const url = await server.listen();
    const session = connectH2(url, { ca: server.tls?.caCertificate ?? '' });
    session.on('error', () => {});
    const stream = session.request({ ':path': '/__mock/health' });
    stream.on('error', () => {});
    const status = await new Promise((resolve) => stream.on('response', (h) => resolve(h[':status'])));
    expect(status).toBe(200);
    // The client neither reads the answer nor closes anything: only the deadline can end its connection.
    stream.close();
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise<void>((resolve) => (session.closed ? resolve() : session.once('close', () => resolve())));
  });

  it('plain HTTP sent to the TLS port is closed at once, never left hanging', async () => {
    const { url } = await listening({ tls: true });
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connectTcp(Number(new URL(url).port), '127.0.0.1', () =>
        socket.write('GET /__mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
      );
      const timer = setTimeout(() => resolve(false), 5000);
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    expect(closed).toBe(true);
  });

  it('curl --http2 negotiates HTTP/2 with the CA file', async (context) => {
    if (!existsSync('/usr/bin/curl')) return context.skip();
    const { server, url } = await listening({ tls: true });
    const { stdout } = await promisify(execFile)('curl', [
      '-sS',
      '--http2',
      '--cacert',
      server.tls?.caFile ?? '',
      '-o',
      '/dev/null',
      '-w',
      '%{http_version} %{http_code}',
      `${url}/__mock/health`,
    ]);
    expect(stdout).toBe('2 200');
  });

  it('--client-ca refuses a client without a certificate at the handshake and journals the subject of one with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mtls-'));
    const client = await generateCertificate(['test-client'], 'client');
    const clientCa = join(dir, 'client-ca.pem');
    writeFileSync(clientCa, client.ca);
    const { server, url } = await listening({ tls: true, clientCa });
    const ca = server.tls?.caCertificate ?? '';
    await expect(fetch(`${url}/plants`, { ...CREATE, dispatcher: agent({ connect: { ca } }) })).rejects.toThrow();
    const withCert = agent({ connect: { ca, cert: client.cert, key: client.key } });
    const response = await fetch(`${url}/plants`, { ...CREATE, dispatcher: withCert });
    expect(response.status).toBe(200);
    const journal = (await (await fetch(`${url}/__mock/journal`, { dispatcher: withCert })).json()) as {
      entries: { clientSubject?: string }[];
    };
    expect(journal.entries[0]?.clientSubject).toBe('CN=test-client');
  });
});

describe('bad TLS input', () => {
  it('a key that is not the certificate’s, an unreadable or expired certificate, --client-ca without TLS: one message each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-tls-'));
    const one = await generateCertificate(['localhost']);
    const other = await generateCertificate(['localhost']);
    const write = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    const cert = write('cert.pem', one.cert);
    const key = write('other-key.pem', other.key);
    await expect(createMockServer({ cert, key })).rejects.toThrow(/option "key" .* is not the key of the certificate of option "cert"/);
    await expect(createMockServer({ cert: join(dir, 'missing.pem'), key })).rejects.toThrow(/option "cert" .* cannot be read: ENOENT/);
    await expect(createMockServer({ cert: write('junk.pem', 'junk'), key })).rejects.toThrow(/is not a PEM certificate/);
    await expect(createMockServer({ clientCa: cert })).rejects.toThrow(/option "clientCa" needs TLS/);
    await expect(createMockServer({ cert })).rejects.toThrow(MockConfigError);
    await expect(createMockServer({ tlsCaFile: join(dir, 'ca.pem') })).rejects.toThrow(/option "tlsCaFile" needs option "tls"/);
    await expect(createMockServer({ tls: true, tlsCaFile: join(dir, 'no-such-dir', 'ca.pem') })).rejects.toThrow(
      /option "tlsCaFile" .* cannot be written: ENOENT/,
    );
    const expired = await expiredCertificate();
    await expect(
      createMockServer({ cert: write('expired.pem', expired.cert), key: write('expired-key.pem', expired.key) }),
    ).rejects.toThrow(/option "cert" .* expired on/);
  });
});

/** A self-signed certificate whose validity ended yesterday. */
async function expiredCertificate(): Promise<{ cert: string; key: string }> {
  const { default: forge } = await import('node-forge');
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 10 * 86_400_000);
  cert.validity.notAfter = new Date(Date.now() - 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer([{ name: 'commonName', value: 'localhost' }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
}
