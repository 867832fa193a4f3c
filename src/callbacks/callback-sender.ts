import type { Agent } from 'undici';
import type { DataGenerator } from '../generate/data-generator.js';
import type { MockCallback } from '../openapi/operation.js';
import { type ExpressionContext, evaluateTemplate, type ParsedTemplate, parseTemplate } from '../openapi/runtime-expression.js';
import { readPrefer } from '../pipeline/prefer.js';
import type { Exchange } from '../pipeline/types.js';
import type { CallbackOutcome } from '../provenance.js';
import type { OutboundTrace, RequestTrace, Tracing } from '../tracing/tracing.js';
import { type OutboundRequest, outboundRequest } from './callback-request.js';
import { checkAnswer } from './check-answer.js';
import { checkedLookup, type Resolve } from './checked-lookup.js';
import { type Delivered, deliver } from './deliver.js';
import { expressionContext } from './expression-context.js';
import { createOutboundPolicy } from './outbound-policy.js';

/** One callback or webhook the mock sent, or refused to send, and how it ended. */
export interface Delivery {
  readonly via: 'callback' | 'webhook';
  readonly name: string;
  /** The operation whose answer triggered a callback. */
  readonly operation: string | undefined;
  readonly session: string | undefined;
  /** Epoch milliseconds when it was sent (or refused). */
  readonly time: number;
  readonly method: string;
  /** Where it went: the URL its expression gave (as given, when it is no URL). */
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string | undefined;
  readonly outcome: CallbackOutcome;
  /** The consumer's status, 0 when it answered nothing. */
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string | undefined;
  /** What is wrong: the consumer's answer against the document, or why nothing was sent. */
  readonly problems: readonly string[];
  readonly attempts: number;
  readonly durationMs: number;
}

export interface CallbackSenderOptions {
  /** `--callback-allow`: where requests may go (empty: loopback only). */
  readonly allow: readonly string[];
  readonly delayMs: number;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly generator: DataGenerator;
  /** Each delivery as it ends, for the journal, metrics and coverage. */
  readonly record: (delivery: Delivery) => void;
  /** How host names are resolved (default `dns.lookup`; tests stand in for DNS). */
  readonly resolve?: Resolve;
  /** The ports the mock listens on now: never contacted unless `allow` names them (outbound-policy.ts). */
  readonly ownPorts?: () => Iterable<number>;
  /** With tracing on: the tracer of webhooks sent with no request behind them (a request's callbacks use its span). */
  readonly tracing?: Tracing;
}

/** Bytes of a consumer's answer read; the rest is left unread. */
export const ANSWER_BODY_LIMIT = 64 * 1024;
const MAX_DELAY_MS = 60_000;
/** Callbacks and webhooks waiting for their delay or being sent, at most: each holds a timer, a socket or both. */
export const MAX_PENDING = 1_000;

/** Parsed callback keys and scenario webhook URLs, the most recent kept (they come from the document and scenario files). */
const TEMPLATES = new Map<string, ParsedTemplate>();
const MAX_TEMPLATES = 1_000;

function templateOf(key: string): ParsedTemplate {
  let template = TEMPLATES.get(key);
  if (template === undefined) {
    template = parseTemplate(key);
    if (TEMPLATES.size >= MAX_TEMPLATES) TEMPLATES.delete(TEMPLATES.keys().next().value as string);
    TEMPLATES.set(key, template);
  }
  return template;
}

/**
 * Sends what the document says the API sends: the callbacks of an operation after its answer, and
 * webhooks on request. Outbound requests go only where `allow` permits, with a timeout and a bound on
 * the answer read, and never follow redirects. Pending work belongs to this instance: close() cancels
 * the timers and requests not yet finished.
 */
export class CallbackSender {
  readonly #options: CallbackSenderOptions;
  readonly #policy: ReturnType<typeof createOutboundPolicy>;
  readonly #closing = new AbortController();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<Promise<unknown>>();
  #agent: Promise<Agent> | undefined;

  constructor(options: CallbackSenderOptions) {
    this.#options = options;
    this.#policy = createOutboundPolicy(options.allow, options.ownPorts);
  }

  /** The connection pool, made with the first request sent: undici loads then, not in every server's start-up. */
  #dispatcher(): Promise<Agent> {
    const policy = this.#policy;
    const { resolve } = this.#options;
    // Each connection's lookup knows its port: an allowed address is allowed with its port, not on all.
    this.#agent ??= import('undici').then(
      ({ Agent, buildConnector }) =>
        new Agent({
          connect: (connect, callback) => {
            const port = Number(connect.port) || (connect.protocol === 'https:' ? 443 : 80);
            buildConnector({ lookup: checkedLookup(policy, port, resolve) })(connect, callback);
          },
        }),
    );
    return this.#agent;
  }

  /** After an answer to the API: schedules the operation's callbacks (none after an error, a rejection or a fault). */
  afterAnswer(exchange: Exchange, status: number, responseHeaders: Readonly<Record<string, unknown>>, responseText?: string): void {
    const callbacks = exchange.operation?.callbacks;
    if (!callbacks || status === 0 || status >= 400 || exchange.answer?.provenance?.kind === 'rejected' || this.#closing.signal.aborted)
      return;
    const context = expressionContext(exchange, status, responseHeaders, responseText);
    for (const callback of callbacks) this.#schedule(exchange, { via: 'callback', callback, url: callback.url ?? '' }, context);
  }

  /**
   * After an answer a scenario step gave: schedules the webhook the step names (`webhook` undefined:
   * the document has no webhook of that name, journalled as unresolved), to the step's URL, which may
   * hold runtime expressions like a callback's key.
   */
  afterStep(
    exchange: Exchange,
    status: number,
    responseHeaders: Readonly<Record<string, unknown>>,
    trigger: { readonly name: string; readonly url: string; readonly body?: unknown },
    webhook: MockCallback | undefined,
    responseText?: string,
  ): void {
    if (this.#closing.signal.aborted) return;
    const context = expressionContext(exchange, status, responseHeaders, responseText);
    const callback = webhook ?? bareWebhook(trigger.name);
    const given = trigger.body === undefined ? {} : { body: trigger.body };
    const problem = webhook === undefined ? `the document defines no webhook "${trigger.name}"` : undefined;
    this.#schedule(exchange, { via: 'webhook', callback, url: trigger.url, given, problem }, context);
  }

  /**
   * Waits the delay, then sends. Where it goes and what it sends are worked out now, so a waiting
   * callback holds a URL and a request, not the exchange (its body may be as large as the body limit);
   * beyond MAX_PENDING waiting or running, it is refused at once rather than queued without bound.
   */
  #schedule(exchange: Exchange, what: Scheduled, context: ExpressionContext): void {
    if (this.#timers.size + this.#inFlight.size >= MAX_PENDING) {
      const request = { method: what.callback.method, headers: {}, query: [], body: undefined };
      const base = { via: what.via, callback: what.callback, request, operation: exchange.operation?.id, session: exchange.session.id };
      this.#unsent(base, what.url, 'refused', `more than ${MAX_PENDING} callbacks and webhooks are waiting or being sent`);
      return;
    }
    const send = this.#prepare(what, exchange, context);
    const delay = Math.min(callbackDelay(exchange.headers.prefer) ?? this.#options.delayMs, MAX_DELAY_MS);
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#track(send());
    }, delay);
    this.#timers.add(timer);
  }

  /** Sends a webhook of the document to `url` now; resolves once it has ended (answered, refused, timed out). */
  sendWebhook(
    webhook: MockCallback,
    url: URL,
    given: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> },
    session: string | undefined,
  ): Promise<Delivery> {
    const request = outboundRequest(webhook, this.#options.generator, given);
    const sent = this.#send({
      via: 'webhook',
      callback: webhook,
      url: withQuery(url, request.query),
      request,
      operation: undefined,
      session,
    });
    this.#track(sent);
    return sent;
  }

  /** Cancels what is scheduled and aborts what is in flight; resolves once every delivery has ended. */
  async close(): Promise<void> {
    this.#closing.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled([...this.#inFlight]);
    await (await this.#agent)?.destroy();
  }

  #track(work: Promise<unknown>): void {
    this.#inFlight.add(work);
    void work.finally(() => this.#inFlight.delete(work));
  }

  /** What a scheduled callback does when its delay is over: send to where its template points, or record why not. */
  #prepare(what: Scheduled, exchange: Exchange, context: ExpressionContext): () => Promise<Delivery> {
    const { via, callback, url: key } = what;
    const request = outboundRequest(callback, this.#options.generator, what.given);
    const base = { via, callback, request, operation: exchange.operation?.id, session: exchange.session.id, trace: exchange.trace };
    const unsent = (url: string, outcome: CallbackOutcome, problem: string) => async () => this.#unsent(base, url, outcome, problem);
    if (what.problem !== undefined) return unsent(key, 'unresolved', what.problem);
    const template = templateOf(key);
    if ('error' in template) return unsent(key, 'unresolved', template.error);
    const target = evaluateTemplate(template.parts, context);
    if (target === undefined) return unsent(key, 'unresolved', `${key} reads nothing in this exchange`);
    const url = URL.canParse(target) ? new URL(target) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      return unsent(target, 'unresolved', `"${target}" is not an absolute HTTP(S) URL`);
    return () => this.#send({ ...base, url: withQuery(url, request.query) });
  }

  async #send(sending: Sending & { readonly url: URL }): Promise<Delivery> {
    const refusal = this.#policy.refusal(sending.url);
    if (refusal !== undefined) return this.#unsent(sending, sending.url.href, 'refused', refusal);
    const started = Date.now();
    const options = {
      timeoutMs: this.#options.timeoutMs,
      bodyLimit: ANSWER_BODY_LIMIT,
      signal: this.#closing.signal,
      dispatcher: await this.#dispatcher(),
    };
    const span = this.#span(sending);
    // The journal keeps the request as sent: with its trace context when traced.
    const sent = span ? { ...sending, request: { ...sending.request, headers: { ...sending.request.headers, ...span.headers } } } : sending;
    let attempts = 0;
    let result: Awaited<ReturnType<typeof deliver>>;
    for (;;) {
      attempts++;
      result = await deliver(sending.url, sent.request, options);
      const retry = 'failure' in result ? result.failure !== 'cancelled' && result.failure !== 'refused' : result.status >= 500;
      if (!retry || attempts > this.#options.retries || this.#closing.signal.aborted) break;
      await pause(100 * attempts, this.#closing.signal);
    }
    const answered = 'failure' in result ? undefined : (result as Delivered);
    const problems = answered ? checkAnswer(sending.callback, answered) : [(result as { message: string }).message];
    const outcome: CallbackOutcome = answered
      ? problems.length === 0
        ? 'on-contract'
        : 'off-contract'
      : (result as { failure: CallbackOutcome }).failure;
    span?.end(answered?.status, { 'mock.callback.outcome': outcome, 'http.request.resend_count': attempts - 1 }, problems[0]);
    return this.#recorded({
      ...this.#common(sent, sending.url.href, started),
      outcome,
      status: answered?.status ?? 0,
      responseHeaders: answered?.headers ?? {},
      responseBody: answered?.body,
      problems,
      attempts,
      durationMs: Date.now() - started,
    });
  }

  /** The client span of a delivery: under the span of the request that caused it, else a trace of its own. */
  #span(sending: Sending & { readonly url: URL }): OutboundTrace | undefined {
    if (sending.trace === undefined && this.#options.tracing === undefined) return undefined;
    const { method } = sending.request;
    const attributes = {
      'http.request.method': method,
      // Without userinfo or query, which may carry a credential.
      'url.full': `${sending.url.origin}${sending.url.pathname}`,
      'server.address': sending.url.hostname,
      'server.port': Number(sending.url.port) || (sending.url.protocol === 'https:' ? 443 : 80),
      'mock.callback.via': sending.via,
      'mock.callback.name': sending.callback.name,
      'mock.operation_id': sending.operation,
      'mock.session': sending.session,
    };
    const name = `${method} ${sending.via} ${sending.callback.name}`;
    return sending.trace ? sending.trace.outbound(name, attributes) : this.#options.tracing?.outbound(name, attributes);
  }

  #unsent(sending: Sending, url: string, outcome: CallbackOutcome, problem: string): Delivery {
    return this.#recorded({
      ...this.#common(sending, url, Date.now()),
      outcome,
      status: 0,
      responseHeaders: {},
      responseBody: undefined,
      problems: [problem],
      attempts: 0,
      durationMs: 0,
    });
  }

  #common(sending: Sending, url: string, time: number) {
    const { via, callback, request, operation, session } = sending;
    return {
      via,
      name: callback.name,
      operation,
      session,
      time,
      method: request.method,
      url,
      requestHeaders: request.headers,
      requestBody: request.body,
    };
  }

  #recorded(delivery: Delivery): Delivery {
    this.#options.record(delivery);
    return delivery;
  }
}

/** A callback or a scenario's webhook waiting for its delay: where it goes (a template), what it sends. */
interface Scheduled {
  readonly via: 'callback' | 'webhook';
  readonly callback: MockCallback;
  readonly url: string;
  readonly given?: { readonly body?: unknown };
  /** Why it cannot be sent at all. */
  readonly problem?: string;
}

interface Sending {
  readonly via: 'callback' | 'webhook';
  readonly callback: MockCallback;
  readonly request: ReturnType<typeof outboundRequest>;
  readonly operation: string | undefined;
  readonly session: string | undefined;
  /** The span of the request that caused it, when traced. */
  readonly trace?: RequestTrace;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The URL with the documented query parameters added, each name only where the URL does not carry it already. */
function withQuery(url: URL, query: OutboundRequest['query']): URL {
  if (query.length === 0) return url;
  const added = new URL(url);
  const present = new Set(url.searchParams.keys());
  for (const [name, value] of query) if (!present.has(name)) added.searchParams.append(name, value);
  return added;
}

/** `Prefer: callback-delay=MS`: the milliseconds this request's callbacks wait, or undefined when not asked. */
function callbackDelay(prefer: string | string[] | undefined): number | undefined {
  if (prefer === undefined) return undefined;
  const asked = readPrefer(prefer).get('callback-delay');
  return asked !== undefined && /^\d{1,9}$/.test(asked) ? Number(asked) : undefined;
}

/** A webhook the document does not define: a plain POST of what the scenario step gives, documenting nothing. */
export function bareWebhook(name: string): MockCallback {
  return { name, url: undefined, method: 'POST', headers: [], requestBody: undefined, responses: [], engine: { __engineHandle: true } };
}
