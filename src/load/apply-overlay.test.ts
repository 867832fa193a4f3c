import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockConfigError } from '../config-error.js';
import { applyOverlays, MAX_ADDED_NODES } from './apply-overlay.js';
import { documentOverlays, readOverlay } from './overlay-document.js';

const dir = mkdtempSync(join(tmpdir(), 'plantstore-overlay-'));
let count = 0;
function overlayFile(text: string): string {
  const file = join(dir, `overlay-${++count}.yaml`);
  writeFileSync(file, text);
  return file;
}
const overlay = (version: string, actions: string) =>
  readOverlay(overlayFile(`overlay: ${version}\ninfo: { title: t, version: '1' }\nactions:\n${actions}`));

function petsDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    tags: [{ name: 'pets' }],
    paths: {
      '/pets': { get: { operationId: 'listPets', tags: ['pets'], responses: { '200': { description: 'ok' } } } },
      '/internal': { get: { operationId: 'internal', responses: { '200': { description: 'ok' } } } },
    },
  };
}

describe('applying an OpenAPI Overlay', () => {
  it('merges objects, appends to arrays and removes nodes, in the order given', () => {
    const document = petsDocument();
    const warnings = applyOverlays(document, [
      overlay(
        '1.0.0',
        [
          '  - { target: $.info, update: { title: Patched, x-team: core } }',
          '  - { target: $.tags, update: { name: extra } }',
          '  - { target: "$.paths[\'/internal\']", remove: true }',
          '  - { target: $.paths.*.get, update: { tags: [patched] } }',
        ].join('\n'),
      ),
    ]);
    expect(warnings).toEqual([]);
    expect(document.info).toEqual({ title: 'Patched', version: '1', 'x-team': 'core' });
    expect(document.tags).toEqual([{ name: 'pets' }, { name: 'extra' }]);
    expect(Object.keys(document.paths as object)).toEqual(['/pets']);
    expect((document.paths as Record<string, { get: { tags: string[] } }>)['/pets']?.get.tags).toEqual(['pets', 'patched']);
  });

  it('1.1 concatenates arrays, replaces primitives and copies one node into the targets', () => {
    const document = petsDocument();
    applyOverlays(document, [
      overlay(
        '1.1.0',
        [
          '  - { target: $.tags, update: [{ name: a }, { name: b }] }',
          '  - { target: $.info.title, update: Renamed }',
          '  - { target: "$.paths[\'/internal\'].get", copy: "$.paths[\'/pets\'].get.responses" }',
        ].join('\n'),
      ),
    ]);
    expect((document.tags as unknown[]).length).toBe(3);
    expect((document.info as { title: string }).title).toBe('Renamed');
    const internal = (document.paths as Record<string, { get: Record<string, unknown> }>)['/internal']?.get;
    expect(internal?.['200']).toEqual({ description: 'ok' });
  });

  it('removes several items of one array by their indices, from the last', () => {
    const document = { openapi: '3.0.3', list: [1, 2, 3, 4] } as Record<string, unknown>;
    applyOverlays(document, [overlay('1.1.0', '  - { target: "$.list[?@ > 1 && @ < 4]", remove: true }')]);
    expect(document.list).toEqual([1, 4]);
  });

  it('warns, naming the action, when a target matches nothing', () => {
    const file = overlayFile("overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - { target: $.nothing, update: { a: 1 } }\n");
    expect(applyOverlays(petsDocument(), [readOverlay(file)])).toEqual([
      `overlay ${file}, action 1 (target "$.nothing"): its target matches nothing; the action changed nothing`,
    ]);
  });

  it('refuses, naming the action, what cannot be applied', () => {
    expect(() => applyOverlays(petsDocument(), [overlay('1.0.0', '  - { target: $.info, update: 3 }')])).toThrow(
      /action 1 \(target "\$\.info"\): it targets an object, so its update must be an object to merge/,
    );
    expect(() => applyOverlays(petsDocument(), [overlay('1.0.0', '  - { target: $.info.title, update: x }')])).toThrow(
      /Overlay 1\.0 cannot update/,
    );
    expect(() => applyOverlays(petsDocument(), [overlay('1.1.0', '  - { target: $.info, update: { title: { a: 1 } } }')])).toThrow(
      /at \/title it would merge an object into a primitive value/,
    );
    expect(() => applyOverlays(petsDocument(), [overlay('1.1.0', '  - { target: $.info, copy: $.paths.* }')])).toThrow(
      /its copy "\$\.paths\.\*" selects 2 nodes, not one/,
    );
  });

  it('refuses, naming the action, overlays that would grow the document past the budget (a copy of an array onto itself)', () => {
    const document = { ...petsDocument(), info: { title: 'Pets', version: '1', 'x-a': [1] } };
    const doubling = Array.from({ length: 40 }, () => `  - { target: "$.info['x-a']", copy: "$.info['x-a']" }`).join('\n');
    let error: unknown;
    try {
      applyOverlays(document, [overlay('1.1.0', doubling)]);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(MockConfigError);
    expect((error as Error).message).toMatch(
      /^overlay \S+, action \d+ \(target "\$\.info\['x-a'\]"\): the overlays would add more than \d+ nodes/,
    );
    expect((document.info['x-a'] as unknown[]).length).toBeLessThanOrEqual(MAX_ADDED_NODES);
  });
});

describe('reading an overlay', () => {
  const refused = (text: string) => () => readOverlay(overlayFile(text));
  const head = "info: { title: t, version: '1' }\n";

  it('refuses a malformed overlay in one line naming the action', () => {
    expect(refused(`overlay: 2.0.0\n${head}actions: [{ target: $ }]`)).toThrow(/"overlay" must be "1\.0\.x" or "1\.1\.x"; got "2\.0\.0"/);
    expect(refused(`overlay: 1.0.0\n${head}actions: []`)).toThrow(/needs "actions"/);
    expect(refused(`overlay: 1.0.0\nactions: [{ target: $, remove: true }]`)).toThrow(/needs "info"/);
    expect(refused(`overlay: 1.0.0\n${head}actions: [{ target: "$.[", remove: true }]`)).toThrow(
      /action 1 \(target "\$\.\["\): its target is not an RFC 9535 JSONPath/,
    );
    expect(refused(`overlay: 1.0.0\n${head}actions: [{ target: $, remove: yes }]`)).toThrow(/action 1 .*"remove" must be true or false/);
    expect(refused(`overlay: 1.0.0\n${head}actions: [{ target: $.a, remove: true }, { target: $.b, updates: {} }]`)).toThrow(
      /action 2 \(target "\$\.b"\): has a field Overlay does not define: "updates"/,
    );
    expect(refused(`overlay: 1.0.0\n${head}actions: [{ target: $.a, copy: $.b }]`)).toThrow(/"copy" is Overlay 1\.1/);
    expect(refused(`overlay: 1.0.0\n${head}actions: [{ target: $.a }]`)).toThrow(/action 1 .*does nothing/);
    expect(refused('overlay: [')).toThrow(/is not valid YAML or JSON/);
    for (const check of [refused('overlay: [')]) expect(check).toThrow(/^overlay \S+ /);
  });

  it('applies an overlay whose extends names one of several documents to that document alone', () => {
    const own = overlayFile(`overlay: 1.0.0\n${head}extends: ./b.yaml\nactions: [{ target: $, remove: true }]`);
    const any = overlayFile(`overlay: 1.0.0\n${head}extends: https://example.com/a.yaml\nactions: [{ target: $, remove: true }]`);
    const served = [join(dir, 'a.yaml'), join(dir, 'b.yaml')];
    expect(documentOverlays(join(dir, 'a.yaml'), [own, any], served).map((o) => o.file)).toEqual([any]);
    expect(documentOverlays(join(dir, 'b.yaml'), [own, any], served).map((o) => o.file)).toEqual([own, any]);
    expect(documentOverlays(join(dir, 'c.yaml'), [own], [join(dir, 'c.yaml')]).map((o) => o.file)).toEqual([own]);
  });
});
