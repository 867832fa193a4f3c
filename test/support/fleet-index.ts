/** src/index.ts as the fleet harness's test files see it: createMockServer makes a fleet (test/support/fleet.ts). */
// '../../src/./index.js': the package entry, spelt apart from the specifier vitest.fleet.config.ts aliases here.
export * from '../../src/./index.js';
export { fleetServer as createMockServer } from './fleet.js';
