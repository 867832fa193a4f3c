/** What a conformance run counts per document and in total, each starting at zero. */
export const COUNT_KEYS = ['answers', 'faithful', 'serverErrors', 'rejected', 'notBuildable', 'invalid', 'undocumented'] as const;

export type Counts = Record<(typeof COUNT_KEYS)[number], number>;

export function zeroCounts(): Counts {
  return Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as Counts;
}
