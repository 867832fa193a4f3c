/** A HAR 1.2 log of the given exchanges, written by hand as a browser or proxy would save it (for import tests). */
export interface HandExchange {
  readonly method?: string;
  readonly url: string;
  readonly requestHeaders?: readonly { name: string; value: string }[];
  readonly status: number;
  readonly body: string;
  readonly responseHeaders?: readonly { name: string; value: string }[];
}

export function handHar(exchanges: readonly HandExchange[]): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: exchanges.map((exchange) => ({
        startedDateTime: '2026-01-01T00:00:00.000Z',
        time: 1,
        request: {
          method: exchange.method ?? 'GET',
          url: exchange.url,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [...(exchange.requestHeaders ?? [])],
          queryString: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: exchange.status,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [{ name: 'Content-Type', value: 'application/json' }, ...(exchange.responseHeaders ?? [])],
          content: { size: exchange.body.length, mimeType: 'application/json', text: exchange.body },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 1, receive: 0 },
      })),
    },
  };
}
