/**
 * The names the mock's clients see on the wire, each defined once: where the mock's own endpoints live,
 * the headers it reads and writes, and what their values may be.
 */

/** Paths the mock keeps for itself (admin API, dashboard, metrics); a document may not define them. */
export const ADMIN_PREFIX = '/__mock';
/**
 * Steady's health path, polled by generated SDKs' `scripts/mock` and `scripts/test` to see whether a mock
 * is up: answered as `${ADMIN_PREFIX}/health` is.
 */
export const STEADY_HEALTH = '/_x-steady/health';

/** The mock's own error code on every answer from the catalogue, so a consumer can tell them from the API's. */
export const ERROR_CODE_HEADER = 'x-mock-error';
/** Every finding of a rejected request, as JSON. */
export const FINDINGS_HEADER = 'x-mock-findings';
/** The scenario session a request belongs to. */
export const SESSION_HEADER = 'x-mock-session';
/** The scenario a request asks to be answered from. */
export const SCENARIO_HEADER = 'x-mock-scenario';
/** Marks an answer that deliberately breaks the contract; its value is the reason the scenario file gives. */
export const OFF_CONTRACT_HEADER = 'x-mock-off-contract';

/** The `Prefer` keys a request may also give in its query, each as `__key` (`__code=404`, `__stream_count=3`). */
export const FORCING_QUERY_KEYS = ['code', 'example', 'dynamic', 'seed', 'stream-count', 'stream-interval'] as const;
export const forcingQueryName = (key: (typeof FORCING_QUERY_KEYS)[number]): string => `__${key.replace('-', '_')}`;

/** Session ids (header and admin API) and scenario names in headers: short plain words, never paths or markup. */
export const SESSION_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Scenario names are plain words: they are looked up, never turned into paths. */
export const SCENARIO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** RFC 6750 §2.1 b64token: what a bearer token may consist of (checked with `--strict-auth`). */
export const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
/**
 * Any credential a client can send in a header (RFC 9110 field-value: visible characters, spaces and tabs
 * within): generated SDKs' test key is `Bearer My API Key`.
 */
export const HEADER_CREDENTIAL = /^[\x21-\x7E\x80-\xFF](?:[\t\x20-\x7E\x80-\xFF]*[\x21-\x7E\x80-\xFF])?$/;
