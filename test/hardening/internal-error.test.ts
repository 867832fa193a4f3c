import { describe, expect, it } from 'vitest';
import { DataGenerator } from '../../src/generate/data-generator.js';
import { buildApp } from '../../src/http/build-app.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { resolveOptions } from '../../src/options.js';

const SPEC = 'test/corpus/documents/static-answers.yaml';

/** A generator with a bug: what any unexpected exception in the request path looks like. */
class BrokenGenerator extends DataGenerator {
  override answer(): unknown {
    throw new Error('Prop not found: x\n    at Object.getLocalRef (/work/node_modules/json-schema-faker/dist/main.cjs:1032:13)');
  }
}

describe('an unexpected internal error', () => {
  it('answers a generic catalogue message without stack or path, and logs the detail with the request id', async () => {
    const lines: string[] = [];
    const options = resolveOptions({ spec: SPEC, logLevel: 'info', logStream: { write: (line: string) => lines.push(line) } });
    const { app } = await buildApp({ options, spec: await loadSpec(SPEC), generator: new BrokenGenerator(1) });
    try {
      const response = await app.inject({ method: 'GET', url: '/account' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['x-mock-error']).toBe('INTERNAL');
      expect(response.body).not.toMatch(/ at |node_modules|\/work\/|Prop not found/);
      const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; err?: { stack?: string } });
      const detail = logged.find((line) => line.err !== undefined);
      expect(detail?.err?.stack).toContain('Prop not found');
      expect(response.body).toContain(String(detail?.reqId));
    } finally {
      await app.close();
    }
  });
});
