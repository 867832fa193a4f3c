import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * An in-process answer as a socket would deliver it: no body for HEAD, 204 or 304. Over a socket Node
 * drops such a body; light-my-request only does so from 6.8, whose cookie@2 makes every install on
 * Node 20 warn EBADENGINE, so the version pinned (6.6) is given the same rule here. Its payload fields
 * are plain data, documented as such.
 */
export function asSocketWouldDeliver(response: LightMyRequestResponse, request: InjectOptions | string): LightMyRequestResponse {
  const method = typeof request === 'string' ? 'GET' : String(request.method ?? 'GET').toUpperCase();
  if (method !== 'HEAD' && response.statusCode !== 204 && response.statusCode !== 304) return response;
  if (response.rawPayload === undefined || response.rawPayload.length === 0) return response;
  const writable = response as { rawPayload: Buffer; payload: string; body: string };
  writable.rawPayload = Buffer.alloc(0);
  writable.payload = '';
  writable.body = '';
  return response;
}
