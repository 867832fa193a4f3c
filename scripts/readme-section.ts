/** The README's generated sections: each between `<!-- NAME:start -->` and `<!-- NAME:end -->` lines. */
import { fileURLToPath } from 'node:url';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));

/** `body` between the markers of `name`, the markers included. */
export function section(name: string, body: readonly string[]): string {
  return [`<!-- ${name}:start -->`, ...body, `<!-- ${name}:end -->`].join('\n');
}

/** The README with the section `name` replaced by `rendered` (as section() makes it). */
export function withSection(readme: string, name: string, rendered: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`README.md lacks the ${start} ... ${end} markers`);
  return readme.slice(0, from) + rendered + readme.slice(to + end.length);
}

/** Text safe in a Markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
