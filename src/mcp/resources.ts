import type { Documents } from './documents.js';
import type { MockWire } from './mock-wire.js';
import { admin, queryOf, ToolFailure } from './tool-kit.js';

const PREFIX = 'plantstore-mock://';

/** Each served document, its scenarios and its coverage report. */
export async function listResources(documents: Documents) {
  const served = await documents.list();
  return served.flatMap(({ name, title }) => [
    { uri: `${PREFIX}documents/${name}`, name: `document ${name}`, title: `${title} (the document served)`, mimeType: 'application/yaml' },
    { uri: `${PREFIX}scenarios/${name}`, name: `scenarios ${name}`, title: `Scenarios of ${title}`, mimeType: 'application/json' },
    { uri: `${PREFIX}coverage/${name}`, name: `coverage ${name}`, title: `Contract coverage of ${title}`, mimeType: 'text/markdown' },
  ]);
}

export async function readResource(wire: MockWire, documents: Documents, uri: string) {
  const match = /^plantstore-mock:\/\/(documents|scenarios|coverage)\/([^/?#]{1,256})$/.exec(uri);
  if (!match) throw new ToolFailure('NOT_FOUND', `No resource ${uri.slice(0, 256)}`, 404);
  const [, kind, name] = match as unknown as [string, string, string];
  const spec = decodeURIComponent(name);
  if (kind === 'documents') {
    const { text, mimeType } = await documents.source(spec);
    return [{ uri, mimeType, text }];
  }
  if (kind === 'scenarios') {
    const answer = await admin(wire, 'GET', `/scenarios${queryOf({ spec })}`);
    return [{ uri, mimeType: 'application/json', text: answer.body }];
  }
  const answer = await admin(wire, 'GET', `/coverage${queryOf({ spec, format: 'markdown' })}`);
  return [{ uri, mimeType: 'text/markdown', text: answer.body }];
}
