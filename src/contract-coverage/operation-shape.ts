import { findResponse } from '../openapi/find-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { type RequestItem, requestItemsOf } from './request-items.js';

/** A documented response: its code as written and its media types (one `undefined` when it has no content). */
export interface DocumentedResponse {
  readonly code: string;
  readonly mediaTypes: readonly (string | undefined)[];
  /** Index of its first (status x media type) slot among the operation's slots. */
  readonly firstSlot: number;
}

/** Media types remembered per response: the values the mock sends are few and come from the document. */
const MEDIA_CACHE_LIMIT = 16;
export const UNDOCUMENTED = -1;

/**
 * What of one operation coverage can count, worked out once per operation: its documented responses
 * as slots of (status x media type), and the optional request parts a request may or may not send.
 * Statuses and media types met later are resolved once each and remembered.
 */
export class OperationShape {
  readonly operation: MockOperation;
  readonly responses: readonly DocumentedResponse[];
  readonly slotCount: number;
  readonly items: readonly RequestItem[];
  readonly #responseByStatus = new Map<number, number>();
  readonly #slotByMediaType: Map<string | undefined, number>[];

  constructor(operation: MockOperation) {
    this.operation = operation;
    let slot = 0;
    this.responses = operation.responses.map((response) => {
      const mediaTypes = response.contents.length > 0 ? response.contents.map((c) => c.mediaType) : [undefined];
      const documented = { code: response.code, mediaTypes, firstSlot: slot };
      slot += mediaTypes.length;
      return documented;
    });
    this.slotCount = slot;
    this.#slotByMediaType = this.responses.map(() => new Map());
    this.items = requestItemsOf(operation);
  }

  /** Index of the documented response a status is answered as (exact code, then `4XX`, then `default`), or UNDOCUMENTED. */
  responseOf(status: number): number {
    let index = this.#responseByStatus.get(status);
    if (index === undefined) {
      const response = findResponse(this.operation, status);
      index = response === undefined ? UNDOCUMENTED : this.operation.responses.indexOf(response);
      this.#responseByStatus.set(status, index);
    }
    return index;
  }

  /**
   * The slot an answer fills: a response without content is served by any answer of its status; one
   * with content by an answer of one of its media types (wildcards allowed), else UNDOCUMENTED.
   */
  slotOf(response: number, mediaType: string | undefined): number {
    const cache = this.#slotByMediaType[response];
    const documented = this.responses[response];
    if (cache === undefined || documented === undefined) return UNDOCUMENTED;
    let slot = cache.get(mediaType);
    if (slot === undefined) {
      slot = matchSlot(documented, mediaType);
      if (cache.size < MEDIA_CACHE_LIMIT) cache.set(mediaType, slot);
    }
    return slot;
  }
}

/**
 * Shapes by operation, for every coverage model of the process: a shape depends only on its operation
 * (an immutable value; a reload compiles new ones), so the models a fleet replica makes per batch and
 * per read, and several servers of one document, work each out once.
 */
const SHAPES = new WeakMap<MockOperation, OperationShape>();

/** The shape of an operation, worked out on first use and shared from then on. */
export function shapeOf(operation: MockOperation): OperationShape {
  let shape = SHAPES.get(operation);
  if (shape === undefined) {
    shape = new OperationShape(operation);
    SHAPES.set(operation, shape);
  }
  return shape;
}

function matchSlot(response: DocumentedResponse, mediaType: string | undefined): number {
  if (response.mediaTypes[0] === undefined) return response.firstSlot;
  if (mediaType === undefined) return UNDOCUMENTED;
  const sent = baseType(mediaType);
  const types = response.mediaTypes.map((m) => baseType(m ?? ''));
  let at = types.indexOf(sent);
  if (at < 0) at = types.findIndex((t) => t === '*/*' || (t.endsWith('/*') && sent.startsWith(t.slice(0, -1))));
  return at < 0 ? UNDOCUMENTED : response.firstSlot + at;
}

function baseType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}
