import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningCli, runCli, startCli } from '../support/cli.js';

const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const ACCOUNTS = fileURLToPath(new URL('../fixtures/multi/accounts.yaml', import.meta.url));

const started: RunningCli[] = [];
afterEach(async () => {
  for (const cli of started.splice(0)) {
    cli.child.kill('SIGTERM');
    await cli.exited();
  }
});

describe('--spec, repeated', () => {
  it('serves each document at its base path and says where in its start line', async () => {
    const cli = await startCli(['--log-level', 'silent', '--spec', `/pets=${PETS}`, '--spec', ACCOUNTS]);
    started.push(cli);
    expect(cli.output().stdout).toContain(`(specs: /pets ${PETS}, /accounts/v1 ${ACCOUNTS})`);
    const pets = await fetch(`${cli.url}/pets/pets/mine`, { headers: { 'x-api-key': 'k' } });
    expect(pets.status).toBe(200);
    const account = await fetch(`${cli.url}/accounts/v1/accounts/abc`);
    expect(await account.json()).toEqual({ id: 'abc', owner: 'Ada' });
  });

  it.each([
    [['--spec', `pets=${PETS}`], 'plantstore-mock: --spec mount path "pets" is not a path: it must start with /'],
    [['--spec', PETS, '--spec', `/=${ACCOUNTS}`], `plantstore-mock: specs ${PETS} and ${ACCOUNTS} are both mounted at /;`],
  ])('rejects %j with one line and exit code 2', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });
});
