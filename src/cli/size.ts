/** Sizes as the CLI takes them: bytes, or with kb/mb/gb (binary: 1kb = 1024 bytes). */

export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+)\s*(b|kb|kib|mb|mib|gb|gib)?\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor = unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 ** 2 : unit.startsWith('g') ? 1024 ** 3 : 1;
  return Number(match[1]) * factor;
}

/** The shortest text parseSize reads back as `bytes`: the CLI's default and the README's. */
export function formatSize(bytes: number): string {
  if (bytes !== 0 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)}mb`;
  if (bytes !== 0 && bytes % 1024 === 0) return `${bytes / 1024}kb`;
  return String(bytes);
}
