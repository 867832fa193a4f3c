/**
 * Copies the current build (dist/) into .bench/variants/NAME/, beside links to the files the package ships
 * next to dist/, so that a variant of the mock (built from a changed tree, then the tree put back) can be
 * run side by side with another by `compare-variants.ts`. Its node_modules are the repository's.
 * Usage: tsx scripts/bench/snapshot-build.ts NAME
 */
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const name = process.argv[2];
if (!name || !/^[\w.-]+$/.test(name)) throw new Error('usage: snapshot-build.ts NAME (letters, digits, . _ -)');
const target = join(root, '.bench', 'variants', name);
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
cpSync(join(root, 'dist'), join(target, 'dist'), { recursive: true });
for (const shipped of ['openapi.yaml', 'scenarios', 'dashboard', 'package.json']) symlinkSync(join(root, shipped), join(target, shipped));
process.stdout.write(`${target}\n`);
