import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Admin routes take plain JSON bodies (the API's own bodies are parsed by the pipeline instead) and
 * validate their input with route schemas; a bad input becomes a 400 naming the field, through the
 * app's error handler and so the catalogue.
 */
export function adminJsonBodies(admin: FastifyInstance): void {
  // The API's own parser (raw bytes for the pipeline) is inherited; the admin routes read JSON.
  if (admin.hasContentTypeParser('application/json')) admin.removeContentTypeParser('application/json');
  admin.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text as string));
    } catch (error) {
      done(badInput(`the body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });
  admin.setSchemaErrorFormatter((errors, dataVar) => {
    const described = errors.map((e) => {
      const where = `${dataVar}${e.instancePath.replace(/\//g, '.')}`;
      const params = e.params as Record<string, unknown>;
      if (typeof params.additionalProperty === 'string') return `${where} has unknown field "${params.additionalProperty}"`;
      return `${where} ${e.message ?? 'is invalid'}`;
    });
    return badInput(capped([...new Set(described)]));
  });
}

/** Findings shown of one bad admin input, and the characters each may take: a hostile body gets a short answer. */
const SHOWN_FINDINGS = 5;
const FINDING_LENGTH = 200;

function capped(findings: string[]): string {
  const shown = findings.slice(0, SHOWN_FINDINGS).map((f) => (f.length > FINDING_LENGTH ? `${f.slice(0, FINDING_LENGTH)}...` : f));
  const more = findings.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}

function badInput(message: string): FastifyError {
  return Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_VALIDATION', name: 'AdminInputError' }) as FastifyError;
}
