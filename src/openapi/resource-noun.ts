/**
 * What the records of a path are called, for messages that must fit any document: the last segment
 * that is not a parameter, in words and in the singular (`/plants` -> `plant`, `/owners/{id}/pet-photos`
 * -> `pet photo`, `/categories/{id}` -> `category`); `resource` when the path has no such segment.
 */
export function resourceNoun(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '' && !segment.includes('{'));
  const words = (segments[segments.length - 1] ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.~]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? 'resource' : singular(words);
}

/** The usual English plurals; a word that is not one of them stays as it is. */
function singular(words: string): string {
  if (/[^aeiou]ies$/.test(words)) return `${words.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(words)) return words.slice(0, -2);
  if (/[^su]s$/.test(words)) return words.slice(0, -1);
  return words;
}
