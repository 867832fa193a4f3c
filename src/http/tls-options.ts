import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockConfigError } from '../config-error.js';
import type { ResolvedOptions } from '../options.js';
import { generateCertificate } from './generate-certificate.js';

/** What a server serving HTTPS listens with, and where the CA of a generated certificate was written. */
export interface TlsSetup {
  readonly key: string;
  readonly cert: string;
  /** The client CAs of `--client-ca`: a client must present a certificate one of them signed. */
  readonly clientCa?: string;
  /** The file holding the generated certificate's CA (PEM), for clients to trust; undefined with `--cert`. */
  readonly caFile?: string;
  /** That CA's PEM. */
  readonly caCertificate?: string;
  /** The temporary directory made for `caFile` (no `--tls-ca-file`): removed when the server closes. */
  readonly temporaryDir?: string;
}

/** Names the generated certificate is valid for: what the mock answers without `--allowed-host`, and those listed. */
function certificateNames(options: ResolvedOptions): string[] {
  const listed = options.allowedHosts
    .filter((host) => host !== '*')
    .map((host) => host.replace(/\.$/, ''))
    .flatMap((host) => (host.startsWith('.') ? [host.slice(1), `*${host}`] : [host]));
  const bound = options.host === '0.0.0.0' || options.host === '::' ? [] : [options.host];
  return [...new Set(['localhost', '127.0.0.1', '::1', ...bound, ...listed])];
}

/** The TLS material of `--tls`, `--cert`/`--key` and `--client-ca`, checked; undefined without TLS. */
export async function tlsSetup(options: ResolvedOptions): Promise<TlsSetup | undefined> {
  const own = options.cert !== undefined || options.key !== undefined;
  if (!options.tls && !own) {
    if (options.clientCa !== undefined)
      throw new MockConfigError('option "clientCa" needs TLS: add option "tls", or option "cert" with option "key"');
    if (options.tlsCaFile !== undefined)
      throw new MockConfigError('option "tlsCaFile" needs option "tls": it names where the generated CA goes');
    return undefined;
  }
  const clientCa = options.clientCa === undefined ? undefined : await readCertificate(options.clientCa, 'clientCa');
  if (own) {
    if (options.cert === undefined || options.key === undefined)
      throw new MockConfigError('option "cert" and option "key" go together: give both, or neither to generate a certificate');
    const cert = await readCertificate(options.cert, 'cert');
    const key = await readText(options.key, 'key');
    try {
      // node:tls loaded here, with a certificate to check: a plain start loads none of it (nor node:https).
      process.getBuiltinModule('node:tls').createSecureContext({ cert, key });
    } catch (error) {
      const why = /mismatch/i.test((error as Error).message) ? 'is not the key of the certificate' : 'is not a PEM private key';
      throw new MockConfigError(`option "key" (${options.key}) ${why} of option "cert" (${options.cert})`);
    }
    if (options.tlsCaFile !== undefined)
      throw new MockConfigError('option "tlsCaFile" goes with a generated certificate: leave it out with option "cert"');
    return { cert, key, ...(clientCa === undefined ? {} : { clientCa }) };
  }
  const generated = await generateCertificate(certificateNames(options));
  const temporaryDir = options.tlsCaFile === undefined ? await mkdtemp(join(tmpdir(), 'plantstore-mock-tls-')) : undefined;
  const caFile = options.tlsCaFile ?? join(temporaryDir as string, 'ca.pem');
  try {
    await writeFile(caFile, generated.ca, { mode: 0o644 });
  } catch (error) {
    throw new MockConfigError(`option "tlsCaFile" (${caFile}) cannot be written: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return {
    // The chain names its CA too: a client may pin the CA's key (Chromium's --ignore-certificate-errors-spki-list).
    cert: `${generated.cert}${generated.ca}`,
    key: generated.key,
    caFile,
    caCertificate: generated.ca,
    ...(temporaryDir === undefined ? {} : { temporaryDir }),
    ...(clientCa === undefined ? {} : { clientCa }),
  };
}

async function readText(path: string, option: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new MockConfigError(`option "${option}" (${path}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** A readable PEM certificate that is valid now. */
async function readCertificate(path: string, option: string): Promise<string> {
  const pem = await readText(path, option);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new MockConfigError(`option "${option}" (${path}) is not a PEM certificate`);
  }
  const now = Date.now();
  if (Date.parse(certificate.validTo) < now) throw new MockConfigError(`option "${option}" (${path}) expired on ${certificate.validTo}`);
  if (Date.parse(certificate.validFrom) > now)
    throw new MockConfigError(`option "${option}" (${path}) is not valid before ${certificate.validFrom}`);
  return pem;
}
