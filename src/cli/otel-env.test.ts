import { describe, expect, it } from 'vitest';
import { otelOptions } from './otel-env.js';

describe('tracing from the OTEL_* variables', () => {
  it('reads the endpoint, headers, service name and resource attributes', () => {
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D, x-team=core',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=mocks',
      OTEL_SERVICE_NAME: 'checkout-mock',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=ci',
    };
    expect(otelOptions(env, {})).toEqual({
      otelEndpoint: 'http://collector:4318/v1/traces',
      otel: {
        headers: { 'x-api-key': 'abc==', 'x-team': 'mocks' },
        resourceAttributes: { 'deployment.environment': 'ci' },
        serviceName: 'checkout-mock',
      },
    });
    expect(otelOptions({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/traces' }, {}).otelEndpoint).toBe('http://c:4318/traces');
  });

  it('is off without an endpoint, with the SDK disabled or another exporter; --otel-endpoint wins', () => {
    expect(otelOptions({}, {})).toEqual({});
    expect(otelOptions({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }, {})).toEqual({});
    expect(otelOptions({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }, {})).toEqual({});
    expect(otelOptions({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, { otelEndpoint: 'http://mine:4318/v1/traces' }).otelEndpoint).toBe(
      'http://mine:4318/v1/traces',
    );
  });

  it('refuses a protocol other than http/protobuf and malformed pairs, naming the variable', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317' };
    expect(() => otelOptions({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, {})).toThrow(/"grpc" is not supported/);
    expect(() => otelOptions({ ...endpoint, OTEL_EXPORTER_OTLP_HEADERS: 'novalue' }, {})).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS must be key=value/,
    );
  });
});
