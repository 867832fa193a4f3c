/**
 * The cases of Prism's harness that test what Prism does by its own convention where the mock does
 * otherwise on purpose (each choice documented in docs/openapi-support.md): counted as not applicable,
 * with the reason, and listed in the report so the list stays in view. Keyed by the case's path under
 * test-harness/specs.
 */
const PLACEHOLDERS = 'Prism\'s static placeholders ("string", 0) where the mock generates a value of the schema';
const XML_ROOT = 'Prism names an XML root without xml.name `xml`; the mock names it `root`';
const STATUS_422 = "Prism's 422 for invalid input the document gives no status for; the mock's catalogue answers 400 (INVALID_REQUEST)";
const FORCING_404 = "Prism's 404 for a forced status or example the document lacks; the mock's catalogue answers 422 (INVALID_FORCING)";
const GIVES_UP = 'Prism answers 500 where it cannot generate or serialise; the mock answers';
const LENIENT =
  'lenient by design: the mock ignores a body an operation documents none for, and reads an unknown Accept as the first type (strictness is --strict-accept)';
const LOWEST_CLASS =
  'with no 2xx documented the mock answers the lowest documented class (4XX before 5XX and default); Prism picks default, then 5XX';
const HEAD = 'the mock answers HEAD wherever GET is documented (RFC 9110); Prism refuses it where GET has only a default response';
const SORTED = 'Prism sorts the properties of generated objects; the mock keeps the schema order';
const MESSAGE = "the mock writes its finding into the message member of the document's error example";
const CORS =
  'the mock sends CORS headers to cross-origin requests (with an Origin) only, and names the headers asked for rather than `*` beside credentials';

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
  'validate-body-params/enforce-content-type-if-body-included.oas3_1.txt': LENIENT,
  'content-negotiation/E2E-Accept-Content-Negotiation-AC-6.oas3.txt': LENIENT,
  'content-negotiation/E2E-Accept-Content-Negotiation.invalid.oas3.txt': LENIENT,
  'content-negotiation/E2E-Accept-Content-Negotiation-AC-6.pc.txt': LENIENT,
  'content-negotiation/E2E-Accept-Content-Negotiation.invalid.pc.txt': LENIENT,
  'range-status-codes/range-status-codes-AC-7.oas3.txt': LOWEST_CLASS,
  'range-status-codes/range-status-codes-AC-8.oas3.txt': LOWEST_CLASS,
  'head-requests/head_requests-AC-2.oas2.txt': HEAD,
  'head-requests/head_requests-AC-2.oas3.txt': HEAD,
  'head-requests/head_requests-AC-2.pc.txt': HEAD,
  'dynamic-responses/dynamic_json_alphabetize_response.oas2.txt': SORTED,
  'selecting-examples/manually-select-examples-AC-4.oas3.txt': MESSAGE,
  'cors/cors-headers-in-response.txt': CORS,
  'cors/cors-headers-precedence.txt': CORS,
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
