import type { AjvCompiler } from '@fastify/ajv-compiler';

type Validate = ((data: unknown, context?: object) => unknown) & { errors?: unknown };
type CompilerFactory = ReturnType<typeof AjvCompiler>;
type Route = Parameters<ReturnType<CompilerFactory>>[0];

/**
 * The admin routes' schemas are module constants, the same for every server: one Ajv compiler for the
 * process (Fastify's documented way to share it across instances) compiles each once, so a server per
 * test does not recompile them. Only immutable validators are shared. Loaded by the first admin app to be
 * built (loadAdminValidators), not by every start: a server answers its first API request without it.
 */
let shared: CompilerFactory | undefined;

/** Loads Fastify's Ajv compiler, once per process; the admin app awaits this before its routes are made. */
export async function loadAdminValidators(): Promise<void> {
  if (shared !== undefined) return;
  const { AjvCompiler: makeCompiler } = await import('@fastify/ajv-compiler');
  shared ??= makeCompiler();
}

/**
 * Fastify compiles every route's schema when the server gets ready; most servers (one per test) never
 * call an admin route, so each validator is compiled on its first request instead (by the same shared
 * compiler, so still once per process). The schemas are the mock's own and compiled by their tests.
 * Fastify hands a validator with `schemaEnv` the request as parent data (for Ajv's coercion of a root
 * value); the stand-in passes that on and exposes the compiled validator's `errors` as its own.
 */
export const lazyAdminValidators = ((externalSchemas: unknown, options: unknown) => {
  let compiler: ReturnType<CompilerFactory> | undefined;
  return (route: Route) => {
    let compiled: Validate | undefined;
    const validate: Validate = (data, context) => {
      if (compiled === undefined) {
        if (shared === undefined) throw new Error('a route schema compiled before loadAdminValidators()');
        compiler ??= shared(externalSchemas as never, options as never);
        compiled = compiler(route) as Validate;
      }
      const valid = compiled(data, context);
      validate.errors = compiled.errors;
      return valid;
    };
    return Object.assign(validate, { schemaEnv: true });
  };
  // Typed as Ajv's own validators, of which Fastify uses only the call, `errors` and `schemaEnv`.
}) as unknown as CompilerFactory;
