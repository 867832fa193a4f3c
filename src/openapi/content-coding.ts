import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** The body as sent before its Content-Encoding, or why it cannot be read. */
export function decodeContent(bytes: Buffer, encoding: string | undefined, maxBytes: number): Buffer | string {
  const coding = encoding?.trim().toLowerCase();
  if (coding === undefined || coding === '' || coding === 'identity') return bytes;
  try {
    const options = { maxOutputLength: maxBytes };
    if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(bytes, options);
    if (coding === 'deflate') return inflateSync(bytes, options);
    if (coding === 'br') return brotliDecompressSync(bytes, options);
  } catch {
    return `the body cannot be decoded as ${coding} within the body limit`;
  }
  return `the body's Content-Encoding ${coding} cannot be checked`;
}
