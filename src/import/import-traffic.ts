import { basename, extname } from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import { createAnswering } from '../answer/compose.js';
import { DataGenerator } from '../generate/data-generator.js';
import { loadSpec } from '../load/load-spec.js';
import { createMock, type Mock } from '../mock/create-mock.js';
import { createMountedMock } from '../mock/create-mounted-mock.js';
import { mountDocuments } from '../mock/mount-documents.js';
import { credentialPlaces } from '../openapi/mask-credentials.js';
import { type MockServerOptions, type ResolvedOptions, resolveOptions } from '../options.js';
import { newExchange } from '../pipeline/session.js';
import type { Exchange } from '../pipeline/types.js';
import { recordedStepCheck } from '../scenarios/recording/check-recorded.js';
import { recordedAnswer } from '../scenarios/recording/recorded-exchange.js';
import { fileName, Recorder, SAME_AS_KEPT } from '../scenarios/recording/recorder.js';
import { type Redaction, redactionOf } from '../scenarios/recording/redaction.js';
import { readTraffic } from './read-traffic.js';
import type { TrafficExchange } from './traffic.js';

export interface ImportSettings {
  /** The HAR log or Postman collection. */
  readonly file: string;
  /** Where the scenario files go (made when missing). */
  readonly out: string;
  /** The scenario's name (its file NAME.yaml); default `import-` and the file's name. */
  readonly name?: string;
  /** Leave out exchanges whose answer breaks the document, rather than marking them `offContract`. */
  readonly onContractOnly: boolean;
  readonly maxBytes?: number;
}

export interface ImportReport {
  readonly kind: string;
  readonly read: number;
  readonly files: readonly { readonly file: string; readonly exchanges: number }[];
  /** Exchanges no operation of the documents matches, each with why. */
  readonly unmatched: readonly string[];
  /** Exchanges matched but not written, each with why (a request the contract rejects, an answer that cannot be written). */
  readonly leftOut: readonly string[];
  /** Exchanges written whose answer breaks the document (marked offContract). */
  readonly offContract: number;
  /** Exchanges whose saved credentials the document refused (masked, stripped): checked with placeholders. */
  readonly credentialsFilled: number;
}

/**
 * Imports a HAR log or a Postman collection as scenario files, as the recorder writes what passes
 * through the proxy (src/scenarios/recording/): each request goes through the mock's own pipeline for
 * the documents `options` name, which routes it (base paths, path templates) and checks it; its answer
 * is redacted and checked like a recorded one. Writes one file per document; no server is started.
 */
export async function importTraffic(input: MockServerOptions, settings: ImportSettings): Promise<ImportReport> {
  const traffic = await readTraffic(settings.file, settings.maxBytes);
  // --redact shapes what is written here, not the mock (which takes it only with --record).
  const redact = input.redact ?? [];
  const options = resolveOptions({ ...input, redact: [], logLevel: 'silent', journalSize: 0 });
  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (message: string) => warnings.push(message) };
  const generator = new DataGenerator(options.seed ?? 1);
  const mock = await buildMock(options, generator, log);
  const name = fileName(settings.name ?? `import-${basename(settings.file, extname(settings.file)).replace(/\.postman_collection$/, '')}`);
  const several = mock.documents.length > 1 || mock.documents[0]?.mount.base !== '/';
  const recorders = new Map<string | undefined, { recorder: Recorder; redaction: Redaction }>();
  for (const { mount, spec } of mock.documents) {
    const answering = createAnswering({ generator, dynamic: options.dynamic, serveInvalidExamples: options.serveInvalidExamples });
    const redaction = redactionOf(redact, credentialPlaces(spec.operations));
    const recorder = await Recorder.create({
      dir: settings.out,
      name,
      spec: several ? mount.name : undefined,
      redaction: () => redaction,
      onContractOnly: settings.onContractOnly,
      maxBodyBytes: options.bodyLimit,
      check: recordedStepCheck(spec.operations, { generator, plans: answering.plans, compose: answering.compose }),
      log,
      origin: {
        comment: ` Imported from ${basename(settings.file)} (${traffic.kind}) by plantstore-mock import; see docs/import-export.md.`,
        drift: ' The answer in the imported file breaks the document:',
        description: `Imported from ${basename(settings.file)} (${traffic.kind}).`,
      },
    });
    recorders.set(several ? mount.name : undefined, { recorder, redaction });
  }
  const unmatched: string[] = [];
  const leftOut: string[] = [];
  let offContract = 0;
  let credentialsFilled = 0;
  try {
    for (const one of traffic.exchanges) {
      if (!one.path.startsWith('/')) {
        unmatched.push(`${one.label}: ${one.unusable ?? 'no path to route'}`);
        continue;
      }
      const checked = await routed(mock, one).catch(
        (error: unknown) => `could not be checked (${String((error as Error)?.message).split('\n')[0]})`,
      );
      if (typeof checked === 'string') {
        leftOut.push(`${one.label}: ${checked}`);
        continue;
      }
      const { exchange, filled } = checked;
      if (filled && one.answer?.status === 401) {
        leftOut.push(`${one.label}: sent without credentials and refused (401): the mock answers that itself`);
        continue;
      }
      if (filled) credentialsFilled++;
      const provenance = exchange.answer?.provenance;
      if (exchange.operation === undefined) {
        unmatched.push(`${one.label}: ${provenance?.kind === 'rejected' ? unmatchedReason(provenance.code) : 'no operation matches'}`);
        continue;
      }
      if (one.unusable !== undefined) {
        leftOut.push(`${one.label}: ${one.unusable}`);
        continue;
      }
      if (provenance?.kind === 'rejected') {
        const findings = (provenance.findings ?? []).map((f) => `${[f.location, ...f.path].join('.')} ${f.message}`).join('; ');
        leftOut.push(
          `${one.label}: the request breaks the contract (${provenance.code}${findings ? `: ${findings}` : ''}): a replay rejects it itself`,
        );
        continue;
      }
      const { recorder, redaction } = recorders.get(exchange.document?.name) as { recorder: Recorder; redaction: Redaction };
      const answer = one.answer && { status: one.answer.status, headers: one.answer.headers, payload: one.answer.body };
      const recorded = recordedAnswer(exchange, answer, [], redaction, options.bodyLimit);
      if (typeof recorded === 'string') {
        leftOut.push(`${one.label}: ${recorded}`);
        continue;
      }
      const kept = recorder.keep(recorded, undefined);
      if (typeof kept === 'string') {
        if (kept !== SAME_AS_KEPT) leftOut.push(`${one.label}: ${kept}`);
      } else if (kept.findings.length > 0) offContract++;
    }
    const files = [];
    for (const { recorder } of recorders.values())
      for (const file of (await recorder.flush()).files) files.push({ file: file.file, exchanges: file.exchanges });
    return { kind: traffic.kind, read: traffic.exchanges.length, files, unmatched, leftOut, offContract, credentialsFilled };
  } finally {
    await mock.close();
  }
}

async function buildMock(
  options: ResolvedOptions,
  generator: DataGenerator,
  log: { info(m: string): void; warn(m: string): void },
): Promise<Mock> {
  const spec = await loadSpec(options.spec);
  const [lone] = options.documents;
  if (options.documents.length === 1 && (lone?.base ?? '/') === '/') return createMock({ options, spec, generator, log });
  const loaded = [{ source: options.documents[0] as (typeof options.documents)[number], spec }];
  for (const source of options.documents.slice(1)) loaded.push({ source, spec: await loadSpec(source.file) });
  return createMountedMock({ options, documents: mountDocuments(loaded), generator, log });
}

/**
 * The exchange after the mock's pipeline: routed to an operation (or not), its request checked, its
 * body parsed. Saved traffic often lacks usable credentials (browsers strip them from exported HARs,
 * exports and recordings mask them), and a replay's client sends its own: a request refused for its
 * credentials alone is sent again with placeholders where the operation's schemes want them, which
 * are never written (matchers hold no credentials). `filled` says so.
 */
async function routed(mock: Mock, one: TrafficExchange): Promise<{ exchange: Exchange; filled: boolean }> {
  const exchange = await answered(mock, one, one.headers, one.query);
  const provenance = exchange.answer?.provenance;
  const operation = exchange.operation;
  const credentialsOnly =
    provenance?.kind === 'rejected' &&
    (provenance.findings ?? []).length > 0 &&
    provenance.findings?.every((f) => f.location === 'security');
  if (!credentialsOnly || operation === undefined) return { exchange, filled: false };
  const headers: Record<string, string> = { ...one.headers };
  const query = new URLSearchParams(one.query);
  const cookies: string[] = [];
  if (operation.acceptsBearer) headers.authorization = `Bearer ${PLACEHOLDER}`;
  else if (operation.challengeSchemes.some((scheme) => scheme.toLowerCase() === 'basic'))
    headers.authorization = `Basic ${Buffer.from(`${PLACEHOLDER}:${PLACEHOLDER}`).toString('base64')}`;
  for (const key of operation.apiKeys) {
    if (key.in === 'header') headers[key.name.toLowerCase()] = PLACEHOLDER;
    else if (key.in === 'query') query.set(key.name, PLACEHOLDER);
    else cookies.push(`${key.name}=${PLACEHOLDER}`);
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  return { exchange: await answered(mock, one, headers, query.toString()), filled: true };
}

/** What stands in for credentials the saved traffic did not keep. */
const PLACEHOLDER = 'imported-placeholder-credential';

async function answered(mock: Mock, one: TrafficExchange, given: Readonly<Record<string, string>>, query: string): Promise<Exchange> {
  const headers: Record<string, string> = { ...given };
  if (one.body !== undefined) headers['content-length'] = String(one.body.length);
  const exchange = newExchange(one.method, one.path, parseQuery(query) as Exchange['query'], headers, one.body);
  await mock.answer(exchange);
  return exchange;
}

function unmatchedReason(code: string): string {
  if (code === 'METHOD_NOT_ALLOWED') return 'the path is documented, not this method';
  if (code === 'NOT_FOUND') return 'no operation of the document has this path';
  return `not routed (${code})`;
}
