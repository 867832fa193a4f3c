import { describe, expect, it } from 'vitest';
import { multipartBoundary, multipartParts, multipartTextParts, partText } from './multipart-parts.js';

const body = (...lines: (string | Buffer)[]) => Buffer.concat(lines.map((l) => (typeof l === 'string' ? Buffer.from(l, 'utf8') : l)));

describe('multipart parts', () => {
  it('reads a file part without its own Content-Type, binary bytes kept', () => {
    const bytes = Buffer.from([0, 0xff, 0x0d, 0x0a, 0xfe]);
    const parts = multipartParts(
      body('--XX\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n', bytes, '\r\n--XX--\r\n'),
      'XX',
    );
    expect(parts).toEqual([{ name: 'file', filename: 'a.bin', data: bytes }]);
  });

  it('reads unquoted and RFC 5987 filenames, skips parts without a name or disposition', () => {
    const parts = multipartParts(
      body(
        'preamble\r\n--b\r\nContent-Disposition: form-data; name=doc; filename=x.txt\r\nContent-Type: text/plain\r\n\r\nhi\r\n',
        '--b\r\nContent-Disposition: form-data; name="e"; filename*=UTF-8\'\'%C3%A9.txt\r\n\r\n\r\n',
        '--b\r\nContent-Type: text/plain\r\n\r\nnobody\r\n',
        '--b\r\nContent-Disposition: form-data; filename="n.txt"\r\n\r\nnoname\r\n--b--',
      ),
      'b',
    );
    expect(parts.map((p) => [p.name, p.filename, p.contentType, p.data.toString()])).toEqual([
      ['doc', 'x.txt', 'text/plain', 'hi'],
      ['e', 'é.txt', undefined, ''],
    ]);
  });

  it('accepts bare line feeds, a missing close delimiter and headers without a blank line', () => {
    const parts = multipartParts(
      body('--b\nContent-Disposition: form-data; name="a"\n\n1\n--b\nContent-Disposition: form-data; name="c"'),
      'b',
    );
    expect(parts.map((p) => [p.name, p.data.toString()])).toEqual([
      ['a', '1'],
      ['c', ''],
    ]);
  });

  it('takes the boundary quoted, with odd characters, or not at all', () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b:(c)?"')).toBe('a b:(c)?');
    expect(multipartBoundary('multipart/form-data;BOUNDARY=--x.y')).toBe('--x.y');
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
  });

  it('decodes a text part by its charset, UTF-8 when the label is unknown', () => {
    const latin = { name: 'a', contentType: 'text/plain; charset=ISO-8859-1', data: Buffer.from([0xe9]) };
    expect(partText(latin)).toBe('é');
    expect(partText({ ...latin, contentType: 'text/plain; charset=x-nonsense', data: Buffer.from('é') })).toBe('é');
  });

  it('reads a body text once however many readers ask for its parts within a request', () => {
    const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
    const first = multipartTextParts(body, 'b');
    expect(multipartTextParts(body, 'b')).toBe(first);
    expect(multipartTextParts(`${body} `, 'b')).not.toBe(first);
    expect(first.map((p) => [p.name, partText(p)])).toEqual([['a', '1']]);
  });
});
