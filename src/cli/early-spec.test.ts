import { describe, expect, it } from 'vitest';
import { envOf } from '../option-table.js';
import { likelySpec, SPEC_ENV } from './early-spec.js';

describe('likelySpec', () => {
  it('names the variable the option table gives --spec', () => {
    expect(SPEC_ENV).toBe(envOf('spec'));
  });

  it('reads --spec in both spellings, then the environment, then a last argument that is no flag', () => {
    expect(likelySpec(['--port', '1', '--spec', 'a.yaml', '--spec', 'b.yaml'], {})).toBe('a.yaml');
    expect(likelySpec(['--spec=a.yaml'], { [SPEC_ENV]: 'e.yaml' })).toBe('a.yaml');
    expect(likelySpec(['--port', '1'], { [SPEC_ENV]: 'e.yaml' })).toBe('e.yaml');
    expect(likelySpec(['--host', '127.0.0.1', '-p', '4010', 'openapi.yml'], {})).toBe('openapi.yml');
    expect(likelySpec(['--cors'], {})).toBeUndefined();
  });

  it('names none for the subcommands, help and version', () => {
    for (const argv of [['mcp', '--spec', 'a.yaml'], ['import', 'a.har'], ['coverage'], ['--spec', 'a.yaml', '--help'], ['--version']])
      expect(likelySpec(argv, {})).toBeUndefined();
  });
});
