import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer, MockConfigError } from '../../src/index.js';
import { scenarioDir, serverWith } from '../support/scenarios.js';

async function startupError(text: string, { name = 'broken.yaml', bundled = false } = {}): Promise<string> {
  try {
    const server = await serverWith({ [name]: text }, { bundledScenarios: bundled });
    await server.cleanup();
  } catch (error) {
    expect(error).toBeInstanceOf(MockConfigError);
    return (error as Error).message;
  }
  throw new Error('start-up did not fail');
}

const rule = (step: string, extra = '') => `
description: test
rules:
  - operation: createPlant
    respond: { body: { name: ok } }
  - operation: createPlant${extra}
    respond: ${step}
`;

describe('load-time contract check', () => {
  it('stops start-up for a body that does not fit the schema, naming file, rule and violation', async () => {
    const message = await startupError(rule('{ body: { name: 42 } }'));
    expect(message).toMatch(/^scenario file \/.*broken\.yaml: rule 2 \(createPlant\) breaks the contract: /);
    expect(message).toContain('name');
    expect(message).toContain('must be string');
  });

  // The build's check of the bundled files is known by their text: the same name with other text is checked.
  it('checks a file named like a bundled one but reading otherwise', async () => {
    const message = await startupError(rule('{ body: { name: 42 } }').replace('description: test', 'description: Every create succeeds'), {
      name: 'happy-path.yaml',
      bundled: true,
    });
    expect(message).toMatch(/happy-path\.yaml: rule 2 \(createPlant\) breaks the contract: /);
  });

  it('stops start-up for a status the operation does not define', async () => {
    const message = await startupError(rule('{ status: 503, body: { error: 1, message: down } }'));
    expect(message).toContain('rule 2 (createPlant) breaks the contract: status 503 is not defined by createPlant (it defines 200, 400)');
  });

  it('renders templates with the request examples and checks the result', async () => {
    const message = await startupError(rule("{ template: { name: '{{/body/id}}' } }"));
    expect(message).toContain('rule 2 (createPlant) breaks the contract');
    expect(message).toContain('template rendered for request');
  });

  it('names the step of a sequence', async () => {
    const message = await startupError(
      rule('null', '\n    sequence: [{ body: { name: a } }, { body: { tag: only } }]').replace('respond: null', ''),
    );
    expect(message).toContain('rule 2 (createPlant), step 2 breaks the contract');
    expect(message).toContain("must have required property 'name'");
  });

  it('stops start-up for a Content-Type that is no media type, on contract or off', async () => {
    for (const extra of ['', ', offContract: malformed on purpose']) {
      const message = await startupError(rule(`{ headers: { content-type: 'application/json; charset' }, body: { name: a }${extra} }`));
      expect(message).toMatch(/^scenario file \/.*broken\.yaml: rule 2 \(createPlant\) breaks the contract: /);
      expect(message).toContain('its Content-Type "application/json; charset" is no media type');
    }
  });

  it('loads an off-contract form body with a malformed percent escape (a recording), which Prism cannot decode', async () => {
    const step = `{ headers: { content-type: application/x-www-form-urlencoded }, body: '[{"":"%[~"}]', offContract: true }`;
    const server = await serverWith({ 'recorded.yaml': rule(step) });
    await server.cleanup();
  });

  it('accepts a deliberately off-contract rule', async () => {
    const server = await serverWith({ 'negative.yaml': rule('{ status: 503, body: { down: true }, offContract: negative SDK test }') });
    await server.cleanup();
  });

  it('rejects files that do not fit the published JSON Schema', async () => {
    expect(await startupError('description: x\nrules: [{ operation: createPlant, respond: { colour: red } }]')).toContain(
      'does not fit scenario-file.schema.json: /rules/0/respond must NOT have additional properties "colour"',
    );
    expect(await startupError('rules: []')).toContain("the file must have required property 'description'");
  });

  it('rejects unknown operations, unknown error codes and unsafe regexes', async () => {
    expect(await startupError('description: x\nrules: [{ operation: listPlants }]')).toContain(
      'rule 1: operation "listPlants" is not in the document; it has createPlant (POST /plants), or * for all',
    );
    expect(await startupError(rule('{ error: { code: NO_SUCH } }'))).toContain('error code "NO_SUCH" is not in the catalogue');
    const unsafe = 'description: x\nrules: [{ operation: createPlant, match: { body: { /name: { regex: "(a+)+(?=b)" } } } }]';
    expect(await startupError(unsafe)).toContain('could backtrack catastrophically');
  });

  it('rejects invalid YAML and bad file names', async () => {
    expect(await startupError('description: [unclosed')).toContain('is not valid YAML');
    await expect(serverWith({ 'bad name!.yaml': rule('{}') })).rejects.toThrow(/the name "bad name!" must be letters/);
  });

  it('rejects an unknown --scenario with the available names', async () => {
    await expect(serverWith({ 'one.yaml': rule('{}') }, { scenario: 'two' })).rejects.toThrow(
      'option "scenario": no scenario "two"; available: one',
    );
  });
});

describe('bundled scenarios and other specs', () => {
  it('are left out by default when serving another document, and rejected when asked for with it', async () => {
    const { dir, remove } = await scenarioDir({});
    const spec = join(dir, 'other.yaml');
    await writeFile(
      spec,
      'openapi: 3.0.3\ninfo: { title: Other, version: "1" }\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses:\n        "200": { description: ok }\n',
    );
    try {
      const server = await createMockServer({ spec });
      expect((await server.inject('/__mock/scenarios')).json()).toEqual({ scenarios: [], active: null });
      await server.close();
      await expect(createMockServer({ spec, bundledScenarios: true })).rejects.toThrow(/operation "createPlant" is not in the document/);
    } finally {
      await remove();
    }
  });
});
