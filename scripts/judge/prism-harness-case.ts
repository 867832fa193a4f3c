/**
 * One case of Prism's own black-box harness (stoplightio/prism, test-harness/specs/**\/*.txt): the
 * sections split as Prism's `parseSpecFile` splits them, and Prism's command line read as the mock's.
 * A case that tests what only Prism does is not applicable, with the reason.
 */

export interface HarnessCase {
  readonly test: string;
  readonly spec: string;
  readonly server: string;
  readonly command: string;
  /** The expected answer, and how strictly its body is compared (Prism's three `expect` sections). */
  readonly expect: string;
  readonly strictness: 'exact' | 'loose' | 'keys';
}

const SECTION = /====(server|test|spec|command|expect|expect-loose|expect-keysOnly)====\r?\n/gi;

export function parseCase(text: string): HarnessCase {
  const parts = text.split(SECTION);
  const section = (name: string) => {
    const at = parts.indexOf(name);
    return at === -1 ? undefined : parts[at + 1];
  };
  const exact = section('expect');
  const loose = section('expect-loose');
  const keys = section('expect-keysOnly');
  return {
    test: (section('test') ?? '').trim(),
    spec: section('spec') ?? '',
    server: (section('server') ?? '').trim(),
    command: (section('command') ?? '').trim(),
    expect: exact ?? loose ?? keys ?? '',
    strictness: exact !== undefined ? 'exact' : loose !== undefined ? 'loose' : 'keys',
  };
}

/**
 * The expected answer as the mock labels the same representation: the mock names `charset=utf-8` on
 * text and JSON media types where Prism sends the bare type, which Gavel compares letter by letter.
 */
export function withoutCharsetDifference(expectedContentType: string | undefined, actual: string | undefined): string | undefined {
  if (actual === undefined || expectedContentType === undefined || /charset/i.test(expectedContentType)) return actual;
  return actual.replace(/;\s*charset=utf-8/i, '');
}

/** Prism's own error wording (its problem `type` URLs): the mock answers the same status and structure in its own words. */
export function expectsPrismWords(harnessCase: HarnessCase): boolean {
  return harnessCase.expect.includes('stoplight.io/prism/errors#');
}

export type Translation = { readonly args: string[] } | { readonly notApplicable: string };

/** The mock's arguments for Prism's `mock -p 4010 ${document} [flags]`, or why the case does not apply to it. */
export function translateServer(harnessCase: HarnessCase, document: string): Translation {
  const words = harnessCase.server.split(/\s+/).filter((w) => w !== '');
  if (words[0] === 'proxy')
    return { notApplicable: 'Prism proxy mode against http://httpbin.org (not reachable here; --proxy has its own tests)' };
  if (words.includes('--errors'))
    return { notApplicable: "Prism's --errors: response violations turned into 500 answers with its sl-violations header" };
  if (/sl-violations/i.test(harnessCase.expect)) return { notApplicable: "Prism's sl-violations header" };
  if (words[0] !== 'mock') return { notApplicable: `Prism command ${words[0] ?? '(none)'}` };
  const args = ['--spec', document, '--log-level', 'warn'];
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i] as string;
    if (word === '-p' || word === '--port') i += 1;
    else if (word === `\${document}`) continue;
    else if (word === '-d' || word === '--dynamic') args.push('--dynamic');
    else if (word === '--cors=false') args.push('--no-cors');
    // The mock's faker never adds properties a schema does not list: what this switch turns off in Prism.
    else if (word === '--json-schema-faker-fillProperties=false') continue;
    else return { notApplicable: `Prism flag ${word}` };
  }
  return { args };
}

/** The case's curl command aimed at the mock's address instead of Prism's port 4010. */
export function aimCommand(command: string, url: string): string {
  const port = new URL(url).port;
  return command.replace(/(localhost|127\.0\.0\.1):4010/g, `localhost:${port}`);
}
