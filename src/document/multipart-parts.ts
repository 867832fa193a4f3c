/**
 * The parts of a multipart/form-data body (RFC 7578), read leniently: parse-multipart-data throws on a
 * file part without its own Content-Type, an unquoted or RFC 5987 (`filename*=`) filename and a part
 * without Content-Disposition, which a real service's reader (busboy, Go's, Python's) all accept. One
 * pass of `indexOf` over the bytes, linear in the body; a part without a name is skipped, as those
 * readers skip it.
 */

/** One named part: its bytes, its filename and its own Content-Type when it sends them. */
export interface MultipartPart {
  readonly name: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly data: Buffer;
}

/** The boundary of a multipart Content-Type, unquoted; undefined without one. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^";\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The body text last read, and its parts: the stages that read a multipart body ask in turn, within one request. */
let last: { readonly body: string; readonly boundary: string; readonly parts: readonly MultipartPart[] } | undefined;

/**
 * The parts of a request's body text: read once per request however many readers ask (form fields for
 * validation, the echo, the JSON parts Prism checks), since they ask one after another for the same
 * text. The parts are never changed by a reader.
 */
export function multipartTextParts(body: string, boundary: string): readonly MultipartPart[] {
  if (last?.body === body && last.boundary === boundary) return last.parts;
  const parts = multipartParts(Buffer.from(body, 'utf8'), boundary);
  last = { body, boundary, parts };
  return parts;
}

/** The named parts of `body` between delimiter lines of `boundary`, in order; the preamble and epilogue ignored. */
export function multipartParts(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const parts: MultipartPart[] = [];
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : nextDelimiter(body, delimiter, 0);
  while (at !== -1) {
    const after = at + delimiter.length;
    if (body[after] === 0x2d && body[after + 1] === 0x2d) break;
    const lineEnd = body.indexOf(0x0a, after);
    if (lineEnd === -1) break;
    const next = nextDelimiter(body, delimiter, lineEnd + 1);
    // The line break before the next delimiter belongs to the delimiter.
    let end = next === -1 ? body.length : next;
    if (next !== -1 && body[end - 1] === 0x0d) end -= 1;
    const part = readPart(body.subarray(lineEnd + 1, Math.max(end, lineEnd + 1)));
    if (part !== undefined) parts.push(part);
    at = next;
  }
  return parts;
}

/**
 * Whether `body` ends its parts with the close delimiter `--boundary--` at the start of a line (RFC 2046
 * §5.1.1). Without it the body was cut short or is no multipart at all, and the readers real services
 * use (busboy's "Unexpected end of form", Go's and Python's) refuse it rather than take the parts seen.
 */
export function closesMultipart(body: Buffer, boundary: string): boolean {
  const close = Buffer.from(`--${boundary}--`, 'latin1');
  for (let at = body.indexOf(close); at !== -1; at = body.indexOf(close, at + 1)) if (at === 0 || body[at - 1] === 0x0a) return true;
  return false;
}

/** Where the next `\n--boundary` line starts (at its `\n`), or -1. */
function nextDelimiter(body: Buffer, delimiter: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const found = body.indexOf(delimiter, at);
    if (found === -1) return -1;
    if (found > 0 && body[found - 1] === 0x0a) return found - 1;
    at = found + 1;
  }
}

function readPart(bytes: Buffer): MultipartPart | undefined {
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  const blank = crlf !== -1 && (lf === -1 || crlf < lf) ? crlf : lf;
  const headerText = blank === -1 ? bytes.toString('utf8') : bytes.subarray(0, blank).toString('utf8');
  const data = blank === -1 ? Buffer.alloc(0) : bytes.subarray(blank + (blank === crlf ? 4 : 2));
  let disposition: string | undefined;
  let contentType: string | undefined;
  for (const line of headerText.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (name === 'content-disposition') disposition = line.slice(colon + 1);
    else if (name === 'content-type') contentType = line.slice(colon + 1).trim() || undefined;
  }
  if (disposition === undefined) return undefined;
  const parameters = dispositionParameters(disposition);
  const name = parameters.get('name');
  if (name === undefined) return undefined;
  const filename = parameters.get('filename*') ?? parameters.get('filename');
  return { name, data, ...(filename === undefined ? {} : { filename }), ...(contentType === undefined ? {} : { contentType }) };
}

/** `name="x"; filename=y.txt; filename*=UTF-8''%C3%A9.txt` as a map, names lower-cased, values unquoted and decoded. */
function dispositionParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let match = pattern.exec(header); match !== null; match = pattern.exec(header)) {
    const key = (match[1] as string).toLowerCase();
    const quoted = match[2];
    const value = quoted === undefined ? (match[3] ?? '').trim() : quoted.replace(/\\(.)/g, '$1');
    parameters.set(key, key.endsWith('*') ? extendedValue(value) : value);
  }
  return parameters;
}

/** RFC 5987 `charset'language'percent-encoded`, decoded; the text as sent when it is not that. */
function extendedValue(value: string): string {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return value;
  try {
    return decodeURIComponent(match[2] as string);
  } catch {
    return match[2] as string;
  }
}

/** A text part's value, decoded by its own `charset` (UTF-8 by default, or when the label is unknown). */
export function partText(part: MultipartPart): string {
  const charset = part.contentType === undefined ? undefined : /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(part.contentType)?.[1];
  if (charset === undefined || /^utf-?8$/i.test(charset)) return part.data.toString('utf8');
  try {
    return new TextDecoder(charset).decode(part.data);
  } catch {
    return part.data.toString('utf8');
  }
}
