import type { Finding } from '../problem.js';
import { readPrefer } from './prefer.js';
import type { Exchange, Stage } from './types.js';

/**
 * The validation stage behind its switches: `--no-validate-request`, an operation's `x-mock-validate`
 * and a request's `Prefer: validate=true|false`, the most specific first. What a request that is not
 * to be validated breaks is returned as `waived` (the exchange keeps it; it is reported with the answer,
 * in the journal and in coverage) and the request goes on as valid. Valid requests pay nothing for the switches.
 */
export function switchableValidation(validate: (exchange: Exchange) => readonly Finding[], serverValidates: boolean): Stage {
  return (exchange) => {
    const findings = validate(exchange);
    if (findings.length === 0) return findings;
    const asked = preferredValidation(exchange.headers.prefer);
    if (asked ?? exchange.operation?.mockExtensions.validate ?? serverValidates) return findings;
    return { waived: findings };
  };
}

/** `validate=true|false` in a Prefer header; undefined when it says neither. */
export function preferredValidation(prefer: string | string[] | undefined): boolean | undefined {
  if (prefer === undefined) return undefined;
  const asked = readPrefer(prefer).get('validate')?.toLowerCase();
  return asked === 'true' ? true : asked === 'false' ? false : undefined;
}
