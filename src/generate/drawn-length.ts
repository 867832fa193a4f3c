/**
 * The longest string json-schema-faker's randexp may draw for `pattern`, taking each unbounded
 * repetition (`*`, `+`, `{n,}`) `unbounded` times more: the document writes the pattern, so
 * `(a{1000}){1000}` would have every draw build a million characters, and one more level a billion.
 * Over-counts rather than under-counts (lookarounds are counted; a backreference as the longest group).
 */
export function longestDraw(pattern: string, unbounded: number): number {
  const frames: { best: number; sum: number }[] = [{ best: 0, sum: 0 }];
  let longestGroup = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const frame = frames.at(-1) as { best: number; sum: number };
    const c = pattern[i];
    let atom = c === '^' || c === '$' ? 0 : 1;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(next)) atom = longestGroup;
      i += 1;
      if (/[pPuk]/.test(next) && /[{<]/.test(pattern[i + 1] ?? '')) i = closing(pattern, i + 1, pattern[i + 1] === '{' ? '}' : '>');
    } else if (c === '[') {
      i = classEnd(pattern, i);
    } else if (c === '(') {
      frames.push({ best: 0, sum: 0 });
      if (pattern[i + 1] === '?') i = pattern[i + 2] === '<' && !/[=!]/.test(pattern[i + 3] ?? '') ? closing(pattern, i + 2, '>') : i + 2;
      continue;
    } else if (c === '|') {
      frame.best = Math.max(frame.best, frame.sum);
      frame.sum = 0;
      continue;
    } else if (c === ')') {
      if (frames.length === 1) continue;
      frames.pop();
      atom = Math.max(frame.best, frame.sum);
      longestGroup = Math.max(longestGroup, atom);
    }
    const [times, end] = repetition(pattern, i + 1, unbounded);
    i = end;
    (frames.at(-1) as { sum: number }).sum += atom * times;
  }
  return frames.reduce((longest, frame) => Math.max(longest, frame.best, frame.sum), 0);
}

/** How many times the atom before `at` may be drawn, and where its quantifier ends. */
function repetition(pattern: string, at: number, unbounded: number): [number, number] {
  const c = pattern[at];
  let times = 1;
  let end = at - 1;
  if (c === '*' || c === '+') [times, end] = [unbounded + 1, at];
  else if (c === '?') [times, end] = [1, at];
  else if (c === '{') {
    const bounds = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
    if (bounds) {
      const least = Number(bounds[1]);
      times = bounds[2] === undefined ? least : bounds[3] === '' ? least + unbounded : Number(bounds[3]);
      end = at + bounds[0].length - 1;
    }
  }
  if (end >= at && pattern[end + 1] === '?') end += 1;
  return [times, end];
}

function classEnd(pattern: string, open: number): number {
  for (let i = open + 1; i < pattern.length; i += 1) {
    if (pattern[i] === '\\') i += 1;
    else if (pattern[i] === ']') return i;
  }
  return pattern.length;
}

function closing(pattern: string, from: number, end: string): number {
  const at = pattern.indexOf(end, from);
  return at === -1 ? pattern.length : at;
}
