import type { InjectOptions, LightMyRequestResponse } from 'fastify';

type Inject = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** Statuses whose Response must not have a body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A standard Request answered through inject(), as a standard Response: a session's fetch works on a
 * server that is not listening, so a test needs no socket (faults that cut a connection still need one).
 */
export async function injectFetch(inject: Inject, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const answer = await inject({
    method: request.method as InjectOptions['method'],
    url: `${url.pathname}${url.search}`,
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
  }
  const empty = NULL_BODY.has(answer.statusCode) || request.method === 'HEAD';
  return new Response(empty ? null : answer.rawPayload, {
    status: answer.statusCode,
    statusText: answer.statusMessage,
    headers: responseHeaders,
  });
}
