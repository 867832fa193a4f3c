import type { Faker } from '@faker-js/faker';

/**
 * The moment generated timestamps are near: fixed, so a seed gives the same data on every day. Dates
 * and unix times fall in the three years before it.
 */
export const ANCHOR = Date.UTC(2026, 0, 1);
export const SPAN = 3 * 365 * 24 * 3600 * 1000;

export const moment = (faker: Faker) => faker.date.between({ from: ANCHOR - SPAN, to: ANCHOR });

/** A generator of a format's values, and the lengths they take. */
interface DocumentFormat {
  readonly make: (faker: Faker) => string;
  readonly lengths: readonly [number, number];
}

export const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'ja-JP', 'pt-BR', 'nl-NL', 'sv-SE'];
const iso: DocumentFormat = { make: (faker) => moment(faker).toISOString(), lengths: [24, 24] };
const digits: DocumentFormat = { make: (faker) => String(faker.number.int({ min: 1, max: 999_999_999 })), lengths: [1, 9] };
const decimal: DocumentFormat = { make: (faker) => faker.finance.amount({ min: 0, max: 1000 }), lengths: [4, 7] };
const link: DocumentFormat = { make: (faker) => `${faker.internet.url({ appendSlash: false })}/${faker.lorem.slug(2)}`, lengths: [12, 80] };
const phone: DocumentFormat = { make: (faker) => `+1${faker.string.numeric({ length: 10, allowLeadingZeros: false })}`, lengths: [12, 12] };
const currency: DocumentFormat = { make: (faker) => faker.finance.currencyCode(), lengths: [3, 3] };
const country: DocumentFormat = { make: (faker) => faker.location.countryCode('alpha-2'), lengths: [2, 2] };
const locale: DocumentFormat = { make: (faker) => faker.helpers.arrayElement(LOCALES), lengths: [5, 5] };
const uuid: DocumentFormat = { make: (faker) => faker.string.uuid(), lengths: [36, 36] };
const domain: DocumentFormat = { make: (faker) => faker.internet.domainName(), lengths: [4, 63] };

/**
 * Formats real documents give strings that json-schema-faker knows nothing of and fills with lorem
 * words (surveyed over the APIs.guru corpus: Twilio's `date-time-rfc-2822` and `phone-number`, Azure's
 * `date-time-rfc1123`, Google's `google-datetime`, `int64` and `google-duration`, ...), or writes
 * unlike any real value (`uri-reference` hosts of random letters). Keyed by the document's own name.
 */
export const DOCUMENT_FORMATS: Readonly<Record<string, DocumentFormat>> = {
  // RFC 2822 as Twilio writes it (`Tue, 28 Nov 2025 10:00:00 +0000`); RFC 1123 ends in `GMT`.
  'date-time-rfc-2822': { make: (faker) => moment(faker).toUTCString().replace('GMT', '+0000'), lengths: [31, 31] },
  'date-time-rfc1123': { make: (faker) => moment(faker).toUTCString(), lengths: [29, 29] },
  datetime: iso,
  dateTime: iso,
  date_time: iso,
  'iso-datetime': iso,
  'ISO 8601 timestamp': iso,
  'google-datetime': iso,
  int64: digits,
  uint64: digits,
  int32: digits,
  integer: digits,
  decimal,
  double: decimal,
  number: decimal,
  Duration: { make: (faker) => `PT${faker.number.int({ min: 1, max: 59 })}S`, lengths: [4, 5] },
  'google-duration': { make: (faker) => `${faker.number.int({ min: 1, max: 3600 })}s`, lengths: [2, 5] },
  'uri-reference': link,
  'iri-reference': link,
  URL: link,
  link,
  'phone-number': phone,
  phone,
  e164: phone,
  currency,
  'iso-currency-code': currency,
  'iso-country-code': country,
  'country-code-2': country,
  'country-code-3': { make: (faker) => faker.location.countryCode('alpha-3'), lengths: [3, 3] },
  locale,
  'bcp-47': locale,
  timezone: { make: (faker) => faker.location.timeZone(), lengths: [3, 40] },
  guid: uuid,
  UUID: uuid,
  hostname: domain,
  domain,
  base64: { make: (faker) => Buffer.from(faker.lorem.word()).toString('base64'), lengths: [4, 24] },
  base64url: { make: (faker) => Buffer.from(faker.lorem.word()).toString('base64url'), lengths: [2, 24] },
  'top-level-domain': { make: (faker) => faker.internet.domainSuffix(), lengths: [2, 6] },
  ipvanyaddress: { make: (faker) => faker.internet.ipv4(), lengths: [7, 15] },
  ip: { make: (faker) => faker.internet.ipv4(), lengths: [7, 15] },
  mac: { make: (faker) => faker.internet.mac(), lengths: [17, 17] },
  color: { make: (faker) => faker.color.rgb(), lengths: [7, 7] },
  'http-method': { make: (faker) => faker.helpers.arrayElement(['GET', 'POST']), lengths: [3, 4] },
  'person-name': { make: (faker) => faker.person.fullName(), lengths: [4, 40] },
};

/**
 * A string of one of DOCUMENT_FORMATS is made by the format only where every value it makes fits the
 * schema: beside a `pattern`, or lengths its values would break, the format is left out of the prepared
 * copy (the faker writes a format's value before it reads the pattern), so the faker answers from those.
 */
export function fitDocumentFormat(out: Record<string, unknown>): void {
  const rule = typeof out.format === 'string' && Object.hasOwn(DOCUMENT_FORMATS, out.format) ? DOCUMENT_FORMATS[out.format] : undefined;
  if (rule === undefined || (out.type !== undefined && ![out.type].flat().includes('string')) || 'enum' in out || 'const' in out) return;
  const { minLength, maxLength } = out;
  const [shortest, longest] = rule.lengths;
  const fits = (typeof minLength !== 'number' || minLength <= shortest) && (typeof maxLength !== 'number' || maxLength >= longest);
  if (out.pattern !== undefined || !fits) delete out.format;
}
