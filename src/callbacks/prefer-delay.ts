/** `Prefer: callback-delay=MS`: the milliseconds this request's callbacks wait, or undefined when not asked. */
export function callbackDelay(prefer: string | string[] | undefined): number | undefined {
  if (prefer === undefined) return undefined;
  const text = Array.isArray(prefer) ? prefer.join(',') : prefer;
  const match = /(?:^|[,;\s])callback-delay\s*=\s*"?(\d{1,9})"?/i.exec(text);
  return match ? Number(match[1]) : undefined;
}
