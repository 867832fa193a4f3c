// A build-time step of scripts/bundle-cli.mjs (issue 39 item 7), the one place outside src/prism/ that
// reads Prism's source: Prism's schema check (its validators' utils.js) makes two Ajv instances per JSON
// Schema draft as it loads, each with ajv-formats and its draft's meta-schemas, and picks one by a schema's
// `$schema`. A document that names no 2019-09 or 2020-12 `$schema` never uses four of the six, yet every
// start made them (~7 ms of a start's CPU before its first answer). In the bundles, those drafts' instances
// are made on first use instead: the same calls, once, when Prism first asks for them
// (src/prism/ajv-instances.ts tunes each before its first compile). Their Ajv classes load then too
// (stand-ins, LOADED_ON_FIRST_USE in bundle-cli.mjs). test/package/lazy-ajv-drafts.test.ts fails when a
// Prism upgrade changes the text this matches; the build refuses to bundle it as well.

/** Prism's schema check, as esbuild names the file it loads. */
export const PRISM_SCHEMA_CHECK = /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]utils\.js$/;

/** Prism 5.12's table of instances, exactly. */
const EAGER = `const ajvInstances = {
    default: createAjvInstances(ajv_1.default),
    draft2019_09: createAjvInstances(_2019_1.default),
    draft2020_12: createAjvInstances(_2020_1.default),
};`;

const LAZY = `const ajvInstances = {
    default: createAjvInstances(ajv_1.default),
    get draft2019_09() {
        const made = createAjvInstances(_2019_1.default);
        Object.defineProperty(this, 'draft2019_09', { value: made, enumerable: true });
        return made;
    },
    get draft2020_12() {
        const made = createAjvInstances(_2020_1.default);
        Object.defineProperty(this, 'draft2020_12', { value: made, enumerable: true });
        return made;
    },
};`;

/** Prism's schema check with the 2019-09 and 2020-12 instances made on first use; throws when the text is not Prism 5.12's. */
export function lazyAjvDrafts(source) {
  const at = source.indexOf(EAGER);
  if (at < 0 || source.indexOf(EAGER, at + 1) >= 0 || (source.match(/\bajvInstances\b/g) ?? []).length !== 2)
    throw new Error("bundle-cli: Prism's Ajv instances (validators/utils.js) changed; see scripts/bundle/lazy-ajv-drafts.mjs");
  return source.replace(EAGER, LAZY);
}
