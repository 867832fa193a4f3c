import { MockConfigError } from '../config-error.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { asFlags } from './flags.js';
import { otelOptions } from './otel-env.js';
import { parseArgs } from './parse-args.js';
import { userDocumentCache } from './parse-cache-dir.js';

/** The CLI: flags in, programmatic API called, one-line errors out. The only place that exits. */
async function main(): Promise<number> {
  // Handlers first: as a container's PID 1, a SIGTERM that arrives before any handler exists is ignored
  // and `docker stop` waits its full timeout to kill; caught early, it stops the server once listening.
  const stopRequested = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  if (process.argv[2] === 'mcp') return (await import('./mcp-command.js')).runMcpCommand(process.argv.slice(3), stopRequested);
  if (process.argv[2] === 'import') return (await import('./import-command.js')).runImportCommand(process.argv.slice(3));
  if (process.argv[2] === 'coverage') return (await import('./coverage-command.js')).runCoverageCommand(process.argv.slice(3));
  const parsed = await parseArgs(process.argv.slice(2));
  if (parsed.kind === 'exit') {
    (parsed.code === 0 ? process.stdout : process.stderr).write(`${parsed.output}\n`);
    return parsed.code;
  }
  // Loaded after the handlers are in place: importing the server (Fastify, Prism) is most of start-up.
  const { createMockServer } = await import('../server.js');
  const documentCache = userDocumentCache(process.env, parsed.options.parseCache !== false);
  const server = await createMockServer({ ...parsed.options, ...otelOptions(process.env, parsed.options), documentCache });
  try {
    await server.listen();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const { host, port } = server.options;
    if (code === 'EADDRINUSE') throw new MockConfigError(`port ${port} on ${host} is already in use; choose another with --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new MockConfigError(`cannot listen on host ${host}: no such local address (--host)`);
    if (code === 'EACCES') throw new MockConfigError(`not allowed to listen on port ${port} (--port)`);
    throw error;
  }
  const { documents } = server;
  const specs =
    documents.length === 1 && documents[0]?.base === '/'
      ? `spec: ${server.options.spec}`
      : `specs: ${documents.map((d) => `${d.base} ${d.file}`).join(', ')}`;
  const ca = server.tls?.caFile === undefined ? '' : `; trust the CA in ${server.tls.caFile}`;
  // Said once every document is loaded and the port bound: from here on the mock answers.
  process.stdout.write(
    `plantstore-mock listening on ${server.url} (${specs}${ca}); ready, health at ${server.url}${ADMIN_PREFIX}/health\n`,
  );
  await stopRequested;
  // A second signal means "now": skip the graceful part.
  const now = () => process.exit(1);
  process.once('SIGTERM', now);
  process.once('SIGINT', now);
  // In-flight requests finish, bounded by --shutdown-timeout; a report or recording that could not be
  // written fails the run, so a CI step that expected the files does not pass on their absence.
  const { unsaved } = await server.close();
  // A parse kept for the next run is written now if its delay has not passed: a restart finds it.
  documentCache?.flush?.();
  for (const failure of unsaved) process.stderr.write(`plantstore-mock: warning: ${failure}\n`);
  return unsaved.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Nothing of the mock's outlives close(); should a stray handle, the exit still comes promptly.
    setTimeout(() => process.exit(code), 500).unref();
  },
  (error: unknown) => {
    const message =
      error instanceof MockConfigError
        ? asFlags(error.message)
        : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`plantstore-mock: ${message}\n`);
    if (!(error instanceof MockConfigError) && process.env.DEBUG) console.error(error);
    const code = error instanceof MockConfigError ? 2 : 1;
    process.exitCode = code;
    // A start-up given up on (--startup-timeout) may still be reading the document: exit regardless.
    setTimeout(() => process.exit(code), 100).unref();
  },
);
