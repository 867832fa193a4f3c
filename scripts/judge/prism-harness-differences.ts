/**
 * The cases of Prism's harness that test what Prism does by its own convention where the mock does
 * otherwise on purpose (each reviewed in docs/conformance.md): counted as not applicable (judged with --strict),
 * with the reason, and listed in the report so the list stays in view. Keyed by the case's path under
 * test-harness/specs.
 */
const PLACEHOLDERS =
  'a schema without examples: Prism answers static placeholders ("string", 0), the mock a generated value of the schema (believable data; docs/openapi-support.md)';
const XML_ROOT =
  "an XML root without xml.name: Prism names it `xml`, the mock the schema's title or `root`; OpenAPI 3.0 leaves it open and neither is the document's word";
const STATUS_422 =
  "invalid input the document gives no status for: Prism answers its own 422, the mock its catalogue's 400 (INVALID_REQUEST), RFC 9110's generic client error, for parameters and bodies alike; a document that lists 422 gets 422";
const FORCING_404 =
  'a forced status or example the document lacks: Prism answers 404, which a client under test reads as the resource missing; the mock answers 422 INVALID_FORCING, naming the misuse of its steering (x-mock-error)';
const GIVES_UP =
  'Prism answers 500 where it cannot generate or serialise (a schema it finds too complex; an object as text/plain or text/html); the mock answers the documented 200 (no server error is a goal)';
const ACCEPT =
  'an Accept that names no documented type: RFC 9110 lets a server disregard Accept, and generated SDKs send application/json to every operation, so the mock answers the documented type (406 with --strict-accept); Prism answers 406';
const BODY_IGNORED = 'a body sent to an operation that documents none: the mock ignores it, as servers do; Prism answers 415';
const FIRST_LISTED =
  "with only 4XX and 5XX documented, Prism answers the first one listed (5XX), the mock the lowest class (4XX) whatever the document's order";
const HEAD = 'the mock answers HEAD wherever GET is documented (RFC 9110); Prism refuses it where GET has only a default response';
const SORTED = 'Prism sorts the properties of generated objects; the mock keeps the schema order';
const MESSAGE = "the mock writes its finding into the message member of the document's error example; Prism sends the example as written";
const CORS_EVERYWHERE =
  'Prism sends CORS headers to every request, `*` beside credentials (which the Fetch standard forbids browsers to accept); the mock answers cross-origin requests (with an Origin) only';
const CORS_PREFLIGHT = 'a preflight that asks for no headers: the mock allows none (Fetch needs none), Prism sends `*` beside credentials';
const OPTIONAL_FIELD = 'the form field `arr` is optional (no `required`): a body without it is valid, which Prism rejects';
const RAW_RESERVED =
  "allowReserved says how a client encodes a form field; a server's form parser reads reserved characters sent raw (lenient in what it accepts); Prism rejects them";
const MULTIPART_RESERVED =
  'allowReserved applies to application/x-www-form-urlencoded only (OpenAPI 3.0: ignored for other media types); Prism applies it to a multipart part';
const EMPTY_SEGMENT =
  '`/path//foo`: an empty segment fills no path parameter, so no operation matches (404); Prism matches it, then rejects it (422)';

export const PRISM_ONLY: Readonly<Record<string, string>> = {
  'content-negotiation/E2E-Accept-Content-Negotiation-AC-15.oas2.txt': PLACEHOLDERS,
  'content-negotiation/E2E-Accept-Content-Negotiation-AC-15.oas3.txt': PLACEHOLDERS,
  'content-negotiation/E2E-Accept-Content-Negotiation.empty.oas3.txt': PLACEHOLDERS,
  'references/E2E-Multiple-Refs-Handling.oas3.txt': PLACEHOLDERS,
  'references/E2E-Recursive-Array-Handling.oas3.1.txt': PLACEHOLDERS,
  'references/E2E-Recursive-Array-Handling.oas3.txt': PLACEHOLDERS,
  'routing/prefer-colon-path.oas3.txt': PLACEHOLDERS,
  'routing/prefer-concrete-path.oas3.txt': PLACEHOLDERS,
  'routing/select-correct-method.oas3.txt': PLACEHOLDERS,
  'security/security-scheme-validation-AC-21.oas2.txt': PLACEHOLDERS,
  'security/security-scheme-validation-AC-21.oas3.txt': PLACEHOLDERS,
  'static-examples/static_examples-AC-1.oas2.txt': PLACEHOLDERS,
  'static-examples/static_examples-AC-1.oas3_1.txt': PLACEHOLDERS,
  'static-examples/static_examples-AC-1.oas3.txt': PLACEHOLDERS,
  'static-examples/static_examples-AC-2.oas2.txt': PLACEHOLDERS,
  'static-examples/static_examples-AC-2.oas3_1.txt': PLACEHOLDERS,
  'static-examples/static_examples-AC-2.oas3.txt': PLACEHOLDERS,
  'validate-body-params/json-body-not-required.oas2.txt': PLACEHOLDERS,
  'validate-body-params/allow-empty-value.oas2.txt': PLACEHOLDERS,
  'validate-body-params/multipart-allow-empty-value.oas2.txt': PLACEHOLDERS,
  'validate-body-params/x-www-urlencoded-ok.oas2.txt': PLACEHOLDERS,
  'content-negotiation/E2E-Accept-Content-Negotiation-AC-14.oas2.txt': XML_ROOT,
  'content-negotiation/E2E-Accept-Content-Negotiation-Xml-AC-1.oas2.txt': XML_ROOT,
  'content-negotiation/E2E-Accept-Content-Negotiation-Xml-AC-1.oas3.txt': XML_ROOT,
  'content-negotiation/E2E-Accept-Content-Negotiation-Xml-AC-4.oas2.txt': XML_ROOT,
  'content-negotiation/E2E-Accept-Content-Negotiation-Xml-AC-5.oas2.txt': XML_ROOT,
  'dynamic-responses/dynamic_response_prefer_header.txt': XML_ROOT,
  'dynamic-responses/dynamic_xml_responses-AC-1.dynamic-response.oas2.txt': XML_ROOT,
  'dynamic-responses/dynamic_xml_responses-AC-1.dynamic-response.oas3.txt': XML_ROOT,
  'dynamic-responses/dynamic_xml_responses-AC-2.dynamic-response.oas2.txt': XML_ROOT,
  'dynamic-responses/dynamic_xml_responses-AC-2.dynamic-response.oas3.txt': XML_ROOT,
  'default-responses/default_responses-AC-3.oas2.txt': FORCING_404,
  'default-responses/default_responses-AC-3.oas3.txt': FORCING_404,
  'default-responses/default_responses-AC-7.oas2.txt': FORCING_404,
  'default-responses/default_responses-AC-7.oas3.txt': FORCING_404,
  'default-responses/default_responses-AC-3.pc.txt': FORCING_404,
  'default-responses/default_responses-AC-7.pc.txt': FORCING_404,
  'range-status-codes/range-status-codes-AC-4.oas3.txt': FORCING_404,
  'selecting-examples/manually-select-examples-AC-2.oas3.txt': FORCING_404,
  'selecting-examples/manually-select-examples-AC-5.oas3.txt': FORCING_404,
  'generated-responses/too_complex-AC-1.oas3.txt': GIVES_UP,
  'serialization/E2E-text-html-complex-serialisation.oas3.txt': GIVES_UP,
  'serialization/E2E-text-plain-complex-serialisation.oas3.txt': GIVES_UP,
  'validate-body-params/enforce-content-type-if-body-included.oas3_1.txt': BODY_IGNORED,
  'content-negotiation/E2E-Accept-Content-Negotiation-AC-6.oas3.txt': ACCEPT,
  'content-negotiation/E2E-Accept-Content-Negotiation.invalid.oas3.txt': ACCEPT,
  'content-negotiation/E2E-Accept-Content-Negotiation-AC-6.pc.txt': ACCEPT,
  'content-negotiation/E2E-Accept-Content-Negotiation.invalid.pc.txt': ACCEPT,
  'range-status-codes/range-status-codes-AC-8.oas3.txt': FIRST_LISTED,
  'head-requests/head_requests-AC-2.oas2.txt': HEAD,
  'head-requests/head_requests-AC-2.oas3.txt': HEAD,
  'head-requests/head_requests-AC-2.pc.txt': HEAD,
  'dynamic-responses/dynamic_json_alphabetize_response.oas2.txt': SORTED,
  'selecting-examples/manually-select-examples-AC-4.oas3.txt': MESSAGE,
  'cors/cors-headers-in-response.txt': CORS_EVERYWHERE,
  'cors/cors-headers-precedence.txt': CORS_PREFLIGHT,
  'validate-body-params/x-www-urlencoded-fail.oas2.txt': OPTIONAL_FIELD,
  'validate-body-params/form-data-allow-reserved-fail.oas3.txt': RAW_RESERVED,
  'validate-body-params/multipart-form-data-allow-reserved-fail.oas3.txt': MULTIPART_RESERVED,
  'validate-path-params/missing-path-param.oas3.txt': EMPTY_SEGMENT,
};

/**
 * Whether a case expects Prism's own 422 (its problem+json) for invalid input the document documents
 * neither 400 nor 422 for, where the mock answers its catalogue's 400.
 */
export function expectsPrism422(expected: string, spec: string): boolean {
  const prisms =
    expected.includes('no HTTP validation response was found in the spec') || /content-type: application\/problem\+json/i.test(expected);
  return /^HTTP\/1\.1 422/.test(expected.trim()) && prisms && !/['"]?\b(400|422)\b['"]?\s*:/.test(spec);
}
export const STATUS_422_REASON = STATUS_422;
