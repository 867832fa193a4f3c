/**
 * The fuzz script's corpus phase: every corpus document served by the built CLI, every request of the
 * corpus harness (valid and one-defect variants) sent over a real socket, so Node's HTTP parser and
 * the CLI's wiring are in the path. A case fails when it breaks a rule and is not a known gap.
 */
import { request as httpRequest } from 'node:http';
import { caseKey, gapsByCase } from '../../test/corpus/harness/gaps.js';
import { corpusFiles, loadDocument } from '../../test/corpus/harness/load-document.js';
import { runDocument, type Send } from '../../test/corpus/harness/run-document.js';
import { KNOWN_GAPS, PROPERTY_GAPS } from '../../test/corpus/known-gaps.js';
import { startCli } from '../../test/support/cli.js';

function sender(base: string): Send {
  return (request) =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest(new URL(request.url, base), { method: request.method, headers: request.headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      outgoing.setTimeout(5000, () => outgoing.destroy(new Error('no answer in 5 s')));
      outgoing.on('error', reject);
      outgoing.end(request.payload);
    });
}

/** Returns the failures (empty when every case holds or is a listed gap). */
export async function corpusPhase(): Promise<string[]> {
  const gaps = gapsByCase(KNOWN_GAPS);
  const flaky = new Set(PROPERTY_GAPS.flatMap((g) => g.kinds.map((kind) => caseKey(g.document, g.operation, kind))));
  const failures: string[] = [];
  let cases = 0;
  let known = 0;
  for (const file of corpusFiles()) {
    const document = await loadDocument(file);
    const cli = await startCli(['--spec', file, '--seed', '1', '--log-level', 'silent', '--strict-accept']);
    try {
      for (const result of await runDocument(document, sender(cli.url))) {
        cases++;
        const key = caseKey(result.document, result.operation, result.kind);
        if (result.violations.length === 0) continue;
        if (gaps.has(key) || flaky.has(key)) known++;
        else failures.push(...result.violations.map((v) => `${key}: ${v.rule}: ${v.detail} (${v.request})`));
      }
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited();
    }
  }
  console.log(`fuzz: corpus: ${cases} requests over a socket, ${known} known gaps, ${failures.length} new violations`);
  return failures;
}
