import { MockConfigError } from '../config-error.js';
import type { MockServerOptions } from '../options.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Tracing from the standard OpenTelemetry variables, as any instrumented service reads them: the traces
 * endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces`),
 * the exporter's headers, `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES`. `--otel-endpoint` wins over the
 * variables; `OTEL_SDK_DISABLED=true` or an `OTEL_TRACES_EXPORTER` without `otlp` turns the variables off.
 * Only OTLP over HTTP with protobuf is sent: another protocol is refused rather than sent where it is not read.
 */
export function otelOptions(env: Env, given: Pick<MockServerOptions, 'otelEndpoint'>): Pick<MockServerOptions, 'otelEndpoint' | 'otel'> {
  const variablesOff =
    env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' ||
    (env.OTEL_TRACES_EXPORTER !== undefined && !env.OTEL_TRACES_EXPORTER.split(',').some((name) => name.trim() === 'otlp'));
  const endpoint = given.otelEndpoint ?? (variablesOff ? undefined : endpointOf(env));
  if (endpoint === undefined) return {};
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol !== undefined && protocol !== '' && protocol !== 'http/protobuf')
    throw new MockConfigError(`OTEL_EXPORTER_OTLP_PROTOCOL "${protocol}" is not supported: the mock sends traces as http/protobuf`);
  const headers = {
    ...pairs(env.OTEL_EXPORTER_OTLP_HEADERS, 'OTEL_EXPORTER_OTLP_HEADERS'),
    ...pairs(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'),
  };
  const resourceAttributes = pairs(env.OTEL_RESOURCE_ATTRIBUTES, 'OTEL_RESOURCE_ATTRIBUTES');
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || undefined;
  return {
    otelEndpoint: endpoint,
    otel: { headers, resourceAttributes, ...(serviceName === undefined ? {} : { serviceName }) },
  };
}

function endpointOf(env: Env): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/** `key=value,key2=value2`, values percent-decoded (the W3C Baggage form the OpenTelemetry variables use). */
function pairs(text: string | undefined, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of (text ?? '').split(',')) {
    if (item.trim() === '') continue;
    const at = item.indexOf('=');
    if (at <= 0) throw new MockConfigError(`${name} must be key=value pairs separated by commas; "${item.trim()}" is not one`);
    try {
      out[item.slice(0, at).trim()] = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      throw new MockConfigError(`${name}: the value of "${item.slice(0, at).trim()}" is not valid percent-encoding`);
    }
  }
  return out;
}
