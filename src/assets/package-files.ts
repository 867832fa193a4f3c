import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Files the package ships beside dist/, located from this one module two levels below the package root
 * (src/assets/ in tests, dist/assets/ in the package). The bundled CLI (dist/cli/run.cjs) sits at the same
 * depth, so these relative paths hold whether this code runs from its own file or inside the bundle.
 */
const PACKAGE_ROOT = new URL('../../', import.meta.url);

/** The Plant Store contract shipped with the package. */
export const BUNDLED_SPEC = fileURLToPath(new URL('openapi.yaml', PACKAGE_ROOT));
/** The Plant Store scenarios shipped with the package. */
export const BUNDLED_SCENARIOS = fileURLToPath(new URL('scenarios', PACKAGE_ROOT));
/** The published format of scenario files (scenarios/scenario-file.schema.json in the package). */
export const SCENARIO_FILE_SCHEMA = fileURLToPath(new URL('scenarios/scenario-file.schema.json', PACKAGE_ROOT));
/** The scenario files `npm run build` checked against the bundled document (src/scenarios/checked-at-build.ts). */
export const CHECKED_SCENARIOS = fileURLToPath(new URL('dist/checked-scenarios.json', PACKAGE_ROOT));
/** The package's manifest (its version for `--version`). */
export const PACKAGE_JSON = fileURLToPath(new URL('package.json', PACKAGE_ROOT));
/** The dashboard's page, style and script (top-level dashboard/ folder). */
export const DASHBOARD_ASSETS = new URL('dashboard/', PACKAGE_ROOT);

/** The package's version, from its manifest ('0.0.0' where it cannot be read). */
export function packageVersion(): string {
  try {
    return String((JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version?: unknown }).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}
