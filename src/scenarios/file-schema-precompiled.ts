/** A validator as Ajv compiles it: true when the value fits, else false with `errors` set. */
export type ScenarioFileValidator = ((document: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string; params?: Record<string, unknown> }[] | null;
};

/**
 * The scenario-file schema's validator made at build time, or undefined. Compiling the schema is a
 * good part of a fresh process's start-up, and its code depends on the schema file only: the bundles
 * (scripts/bundle-cli.mjs) replace this module with Ajv's standalone code for the shipped schema.
 * Unbundled (tests, tsc's dist/), there is none and file-schema.ts compiles the schema.
 */
export function precompiledScenarioValidator(): ScenarioFileValidator | undefined {
  return undefined;
}
