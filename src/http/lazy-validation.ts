import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

interface Validate {
  (data: unknown): unknown;
  errors?: unknown;
}
type CompileRouteSchema = (route: unknown) => Validate;
type BuildCompiler = (externalSchemas: unknown, options: unknown) => CompileRouteSchema;

/**
 * Fastify compiles every route schema, and builds the Ajv they need, when the server gets ready. The API
 * routes have none (the pipeline validates with Prism); the admin API's (the journal's) took ~25 ms of
 * start-up for routes most runs never call. This is Fastify's own validator compiler (the one it uses by
 * default, with the server's `ajv` options) made to compile each route schema on its route's first
 * request: the same validation and messages (Fastify then leaves header schemas' property names as written;
 * no route has one). The schemas are the mock's own and their routes tested, so a broken one is a bug the
 * tests find, not a start-up error a user could cause.
 */
export function lazySchemaValidation(): NonNullable<FastifyServerOptions['schemaController']> {
  const build = AjvCompiler() as unknown as BuildCompiler;
  const buildValidator: BuildCompiler = (externalSchemas, options) => {
    let compiler: CompileRouteSchema | undefined;
    return (route) => {
      let validate: Validate | undefined;
      // Fastify reads the errors from the function it called, after each call.
      const lazy: Validate = (data) => {
        compiler ??= build(externalSchemas, options);
        validate ??= compiler(route);
        const result = validate(data);
        lazy.errors = validate.errors;
        return result;
      };
      lazy.errors = null;
      return lazy;
    };
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory } };
}
