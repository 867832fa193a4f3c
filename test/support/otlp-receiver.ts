/**
 * A real OTLP/HTTP trace receiver on 127.0.0.1: it decodes each protobuf export
 * (opentelemetry-proto's ExportTraceServiceRequest) with a small wire-format reader of its own, so the
 * spans a test asserts on are what went over the wire, not what the SDK holds in memory.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  /** 1 internal, 2 server, 3 client (opentelemetry-proto's SpanKind). */
  readonly kind: number;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
  readonly service: unknown;
}

type Field = { readonly field: number; readonly wire: number; readonly value: bigint | Buffer };

/** The fields of one protobuf message, in order (varints as bigint, everything else as bytes). */
function fields(buffer: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buffer[at++] as number;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const [field, wire] = [key >>> 3, key & 7];
    if (wire === 0) out.push({ field, wire, value: varint() });
    else {
      const length = wire === 1 ? 8 : wire === 5 ? 4 : Number(varint());
      out.push({ field, wire, value: buffer.subarray(at, at + length) });
      at += length;
    }
  }
  return out;
}

const all = (buffer: Buffer, field: number) => fields(buffer).filter((f) => f.field === field);
const one = (buffer: Buffer, field: number) => all(buffer, field)[0]?.value;
const bytes = (value: bigint | Buffer | undefined) => (Buffer.isBuffer(value) ? value : Buffer.alloc(0));

function anyValue(buffer: Buffer): unknown {
  const [f] = fields(buffer);
  if (!f) return undefined;
  switch (f.field) {
    case 1:
      return bytes(f.value).toString('utf8');
    case 2:
      return f.value === 1n;
    case 3:
      return Number(BigInt.asIntN(64, f.value as bigint));
    case 4:
      return bytes(f.value).readDoubleLE(0);
    case 5:
      return all(bytes(f.value), 1).map((item) => anyValue(bytes(item.value)));
    default:
      return bytes(f.value);
  }
}

function attributes(buffer: Buffer, field: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { value } of all(buffer, field)) out[bytes(one(bytes(value), 1)).toString('utf8')] = anyValue(bytes(one(bytes(value), 2)));
  return out;
}

function spansOf(request: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of all(request, 1)) {
    const resource = attributes(bytes(one(bytes(resourceSpans.value), 1)), 1);
    for (const scopeSpans of all(bytes(resourceSpans.value), 2)) {
      for (const { value } of all(bytes(scopeSpans.value), 2)) {
        const span = bytes(value);
        spans.push({
          traceId: bytes(one(span, 1)).toString('hex'),
          spanId: bytes(one(span, 2)).toString('hex'),
          parentSpanId: bytes(one(span, 4)).toString('hex'),
          name: bytes(one(span, 5)).toString('utf8'),
          kind: Number(one(span, 6) ?? 0n),
          attributes: attributes(span, 9),
          statusCode: Number(one(bytes(one(span, 15)), 3) ?? 0n),
          service: resource['service.name'],
        });
      }
    }
  }
  return spans;
}

/** Starts a receiver; `url` is its traces endpoint, `spans` what it was sent so far, in order. */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      contentTypes.push(request.headers['content-type'] ?? '');
      spans.push(...spansOf(Buffer.concat(chunks)));
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    spans,
    contentTypes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
