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
    return badInput([...new Set(described)].join('; '));
  });
}

function badInput(message: string): FastifyError {
  return Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_VALIDATION', name: 'AdminInputError' }) as FastifyError;
}
