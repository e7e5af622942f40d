import { MAX_ADDRESS_XML_CHARS } from '../contracts/address-check';
import type { AddressValue } from '../contracts/call-flow';
import { en } from '../i18n/en';

// spec: dashboards 7 "Address check" — a POST to a postal verification service with an
// XML request (user id, address2, city, state, zip5, zip4); an XML reply with Error or
// Address fields; 'UNDEFINED' values count as empty; every field is trimmed; a state of 2
// characters is uppercased and a longer one mapped from its full name to the postal
// abbreviation (US states and territories, military codes, Canadian provinces).
// spec: dashboards 8 "Postal verification error" — the service's description; an
// address-level error shows the translated USPS_ERROR_BODY.
//
// The XML is read by a small parser of our own: no document type declarations (so no
// entity can be defined, let alone expanded), only the five predefined entities and
// character references, a bounded size, depth and element count.

// ---------------------------------------------------------------- constants

export { MAX_ADDRESS_XML_CHARS };
const MAX_DEPTH = 16;
const MAX_ELEMENTS = 500;
/** The service's word for "no value" (spec: 'UNDEFINED' values count as empty). */
export const UNDEFINED_VALUE = 'UNDEFINED';

// ---------------------------------------------------------------- states (USPS Publication 28, Canada Post)

const STATE_NAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['AL', ['Alabama']],
  ['AK', ['Alaska']],
  ['AZ', ['Arizona']],
  ['AR', ['Arkansas']],
  ['CA', ['California']],
  ['CO', ['Colorado']],
  ['CT', ['Connecticut']],
  ['DE', ['Delaware']],
  ['FL', ['Florida']],
  ['GA', ['Georgia']],
  ['HI', ['Hawaii', "Hawai'i"]],
  ['ID', ['Idaho']],
  ['IL', ['Illinois']],
  ['IN', ['Indiana']],
  ['IA', ['Iowa']],
  ['KS', ['Kansas']],
  ['KY', ['Kentucky']],
  ['LA', ['Louisiana']],
  ['ME', ['Maine']],
  ['MD', ['Maryland']],
  ['MA', ['Massachusetts']],
  ['MI', ['Michigan']],
  ['MN', ['Minnesota']],
  ['MS', ['Mississippi']],
  ['MO', ['Missouri']],
  ['MT', ['Montana']],
  ['NE', ['Nebraska']],
  ['NV', ['Nevada']],
  ['NH', ['New Hampshire']],
  ['NJ', ['New Jersey']],
  ['NM', ['New Mexico']],
  ['NY', ['New York']],
  ['NC', ['North Carolina']],
  ['ND', ['North Dakota']],
  ['OH', ['Ohio']],
  ['OK', ['Oklahoma']],
  ['OR', ['Oregon']],
  ['PA', ['Pennsylvania']],
  ['RI', ['Rhode Island']],
  ['SC', ['South Carolina']],
  ['SD', ['South Dakota']],
  ['TN', ['Tennessee']],
  ['TX', ['Texas']],
  ['UT', ['Utah']],
  ['VT', ['Vermont']],
  ['VA', ['Virginia']],
  ['WA', ['Washington', 'Washington State']],
  ['WV', ['West Virginia']],
  ['WI', ['Wisconsin']],
  ['WY', ['Wyoming']],
  ['DC', ['District of Columbia', 'Washington DC', 'Washington D.C.']],
  // Territories and freely associated states (USPS Publication 28, Appendix B).
  ['AS', ['American Samoa']],
  ['GU', ['Guam']],
  ['MP', ['Northern Mariana Islands', 'Commonwealth of the Northern Mariana Islands']],
  ['PR', ['Puerto Rico']],
  [
    'VI',
    ['Virgin Islands', 'U.S. Virgin Islands', 'US Virgin Islands', 'United States Virgin Islands'],
  ],
  ['FM', ['Federated States of Micronesia', 'Micronesia']],
  ['MH', ['Marshall Islands', 'Republic of the Marshall Islands']],
  ['PW', ['Palau', 'Republic of Palau']],
  // Military "states" (APO / FPO / DPO addresses).
  ['AA', ['Armed Forces Americas', 'Armed Forces Americas (except Canada)']],
  [
    'AE',
    [
      'Armed Forces Europe',
      'Armed Forces Africa',
      'Armed Forces Middle East',
      'Armed Forces Canada',
      'Armed Forces Europe, the Middle East, and Canada',
      'Armed Forces Africa, Canada, Europe, Middle East',
    ],
  ],
  ['AP', ['Armed Forces Pacific']],
  // Canadian provinces and territories (Canada Post symbols).
  ['AB', ['Alberta']],
  ['BC', ['British Columbia']],
  ['MB', ['Manitoba']],
  ['NB', ['New Brunswick']],
  ['NL', ['Newfoundland and Labrador', 'Newfoundland', 'Newfoundland & Labrador']],
  ['NS', ['Nova Scotia']],
  ['NT', ['Northwest Territories']],
  ['NU', ['Nunavut']],
  ['ON', ['Ontario']],
  ['PE', ['Prince Edward Island']],
  ['QC', ['Quebec', 'Québec']],
  ['SK', ['Saskatchewan']],
  ['YT', ['Yukon', 'Yukon Territory']],
];

/** "U.S. Virgin Islands" and "us  virgin islands" alike: no accents, case, dots or punctuation runs. */
function stateNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const STATE_BY_NAME: ReadonlyMap<string, string> = new Map(
  STATE_NAMES.flatMap(([code, names]) => names.map((name) => [stateNameKey(name), code] as const)),
);

/** Every postal abbreviation this module knows (states, DC, territories, military, Canada). */
export const POSTAL_ABBREVIATIONS: readonly string[] = STATE_NAMES.map(([code]) => code);

// ---------------------------------------------------------------- field cleaning

/** spec: every field trimmed, and 'UNDEFINED' counts as empty. */
export function cleanAddressField(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed.toUpperCase() === UNDEFINED_VALUE ? '' : trimmed;
}

/**
 * spec: a state of 2 characters is uppercased; a longer one is mapped from its full name
 * to its postal abbreviation. A longer name we do not know is kept as given (trimmed): the
 * service then says what is wrong with it.
 */
export function normalizeState(value: string | null | undefined): string {
  const state = cleanAddressField(value);
  if (state.length === 2) return state.toUpperCase();
  if (state.length > 2) return STATE_BY_NAME.get(stateNameKey(state)) ?? state;
  return state;
}

/** "20770-1441", "207701441" and "20770 1441" → zip5 20770 and zip4 1441. */
export function splitZip(value: string | null | undefined): { zip5: string; zip4: string } {
  const zip = cleanAddressField(value);
  const match = /^(\d{5})(?:[\s-]?(\d{4}))?$/.exec(zip);
  if (match) return { zip5: match[1], zip4: match[2] ?? '' };
  return { zip5: zip, zip4: '' };
}

// ---------------------------------------------------------------- the request

/** The spec's request fields. address2 is the street line (USPS calls it Address2). */
export interface AddressCheckRequest {
  userId: string;
  address2: string;
  city: string;
  state: string;
  zip5: string;
  zip4: string;
}

/** Text for element content and attribute values: the five XML specials escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

/** Characters XML 1.0 cannot carry at all (not even escaped) are dropped. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

/** The request for a typed address: fields cleaned, state abbreviated, ZIP split. */
export function addressCheckRequest(userId: string, address: AddressValue): AddressCheckRequest {
  const { zip5, zip4 } = splitZip(address.zip);
  return {
    userId: userId.trim(),
    address2: cleanAddressField(address.street1),
    city: cleanAddressField(address.city),
    state: normalizeState(address.state),
    zip5,
    zip4,
  };
}

/**
 * The XML request. The service wants its elements in this order, and an Address1 element
 * (the apartment or suite line) even when empty; the spec's request carries no such
 * field, so it is sent empty and the agent's second line is kept as typed.
 */
export function buildAddressRequestXml(request: AddressCheckRequest): string {
  const el = (name: string, value: string) => `<${name}>${escapeXml(xmlSafe(value))}</${name}>`;
  return (
    `<AddressValidateRequest USERID="${escapeXml(xmlSafe(request.userId))}">` +
    '<Address ID="0">' +
    '<Address1></Address1>' +
    el('Address2', request.address2) +
    el('City', request.city) +
    el('State', request.state) +
    el('Zip5', request.zip5) +
    el('Zip4', request.zip4) +
    '</Address>' +
    '</AddressValidateRequest>'
  );
}

// ---------------------------------------------------------------- a bounded XML reader

/** An XML document we refuse to read, or that is not the shape we expect. */
export class AddressXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressXmlError';
  }
}

export interface XmlElement {
  name: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
  /** The element's own text (character data and CDATA), entities decoded. */
  text: string;
}

const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

function decodeEntities(raw: string): string {
  return raw.replace(/&([^;&\s]{0,12});?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) throw new AddressXmlError('a bare "&" in text');
    const named = PREDEFINED_ENTITIES.get(body);
    if (named !== undefined) return named;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric) throw new AddressXmlError(`unknown entity &${body.slice(0, 12)};`);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!allowed) throw new AddressXmlError(`character reference &${body}; is not allowed`);
    return String.fromCodePoint(code);
  });
}

const NAME = /[A-Za-z_][A-Za-z0-9_.:-]{0,63}/y;
const SPACE = /[ \t\r\n]*/y;
const ATTRIBUTE_VALUE = /"([^"<]{0,2000})"|'([^'<]{0,2000})'/y;

/**
 * Reads one XML document into elements. Refuses document type declarations (no entities
 * can be declared, so none can expand), unknown entities, more than MAX_ADDRESS_XML_CHARS
 * characters, deeper than MAX_DEPTH or more than MAX_ELEMENTS elements.
 */
export function parseXml(xml: string): XmlElement {
  if (typeof xml !== 'string') throw new AddressXmlError('the document is not text');
  if (xml.length > MAX_ADDRESS_XML_CHARS) {
    throw new AddressXmlError(`the document is longer than ${MAX_ADDRESS_XML_CHARS} characters`);
  }
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let count = 0;

  const expect = (pattern: RegExp, what: string): RegExpExecArray => {
    pattern.lastIndex = i;
    const match = pattern.exec(xml);
    if (!match || match.index !== i) throw new AddressXmlError(`expected ${what} at ${i}`);
    i += match[0].length;
    return match;
  };
  const skipSpace = () => {
    SPACE.lastIndex = i;
    SPACE.exec(xml);
    i = SPACE.lastIndex;
  };
  const skipPast = (end: string, what: string) => {
    const at = xml.indexOf(end, i);
    if (at < 0) throw new AddressXmlError(`unterminated ${what}`);
    const body = xml.slice(i, at);
    i = at + end.length;
    return body;
  };

  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? xml.length : lt;
    if (textEnd > i) {
      const raw = xml.slice(i, textEnd);
      const parent = stack[stack.length - 1];
      if (parent) parent.text += decodeEntities(raw);
      else if (raw.trim() !== '') throw new AddressXmlError('text outside the root element');
      i = textEnd;
      continue;
    }
    // xml[i] === '<'
    if (xml.startsWith('<?', i)) {
      i += 2;
      skipPast('?>', 'processing instruction');
      continue;
    }
    if (xml.startsWith('<!--', i)) {
      i += 4;
      skipPast('-->', 'comment');
      continue;
    }
    if (xml.startsWith('<![CDATA[', i)) {
      const parent = stack[stack.length - 1];
      if (!parent) throw new AddressXmlError('CDATA outside the root element');
      i += 9;
      parent.text += skipPast(']]>', 'CDATA section');
      continue;
    }
    if (xml.startsWith('<!', i)) {
      // <!DOCTYPE ...> and <!ENTITY ...>: the way to entity expansion and external fetches.
      throw new AddressXmlError('document type declarations are not accepted');
    }
    if (xml.startsWith('</', i)) {
      i += 2;
      const name = expect(NAME, 'an element name')[0];
      skipSpace();
      expect(/>/y, '">"');
      const open = stack.pop();
      if (!open || open.name !== name) {
        throw new AddressXmlError(`closing </${name}> does not match`);
      }
      continue;
    }
    // A start tag.
    i += 1;
    const name = expect(NAME, 'an element name')[0];
    const attributes = new Map<string, string>();
    for (;;) {
      skipSpace();
      if (xml.startsWith('/>', i) || xml.startsWith('>', i)) break;
      const attribute = expect(NAME, 'an attribute name')[0];
      skipSpace();
      expect(/=/y, '"="');
      skipSpace();
      const value = expect(ATTRIBUTE_VALUE, 'a quoted attribute value');
      if (!attributes.has(attribute)) {
        attributes.set(attribute, decodeEntities(value[1] ?? value[2] ?? ''));
      }
    }
    const selfClosing = xml.startsWith('/>', i);
    i += selfClosing ? 2 : 1;
    count += 1;
    if (count > MAX_ELEMENTS) throw new AddressXmlError('too many elements');
    const element: XmlElement = { name, attributes, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new AddressXmlError('more than one root element');
    else root = element;
    if (!selfClosing) {
      stack.push(element);
      if (stack.length > MAX_DEPTH) throw new AddressXmlError('the document is nested too deeply');
    }
  }
  if (stack.length > 0)
    throw new AddressXmlError(`<${stack[stack.length - 1].name}> is not closed`);
  if (!root) throw new AddressXmlError('the document has no root element');
  return root;
}

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** A child's text, cleaned (trimmed; 'UNDEFINED' → empty); '' when the child is absent. */
function childText(element: XmlElement, name: string): string {
  return cleanAddressField(child(element, name)?.text);
}

// ---------------------------------------------------------------- the reply

/** The address the service found, every field cleaned. address1 is the apartment/suite line. */
export interface VerifiedAddressFields {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip5: string;
  zip4: string;
  /** The service's remark on a found address ("more information is needed ..."), or ''. */
  returnText: string;
}

export type AddressCheckReply =
  | { kind: 'address'; address: VerifiedAddressFields }
  /** The address itself was not accepted (an Error inside the Address). */
  | { kind: 'address-error'; number: string; description: string }
  /** The request was refused (an Error as the whole reply: authorization, bad request). */
  | { kind: 'service-error'; number: string; description: string };

/** Reads the service's XML reply (an Address with fields, or an Error with a Description). */
export function parseAddressReplyXml(xml: string): AddressCheckReply {
  const root = parseXml(xml);
  if (root.name === 'Error') {
    return {
      kind: 'service-error',
      number: childText(root, 'Number'),
      description: childText(root, 'Description'),
    };
  }
  if (root.name !== 'AddressValidateResponse') {
    throw new AddressXmlError(`unexpected reply <${root.name}>`);
  }
  const address = child(root, 'Address');
  if (!address) throw new AddressXmlError('the reply has no Address');
  const error = child(address, 'Error');
  if (error) {
    return {
      kind: 'address-error',
      number: childText(error, 'Number'),
      description: childText(error, 'Description'),
    };
  }
  return {
    kind: 'address',
    address: {
      address1: childText(address, 'Address1'),
      address2: childText(address, 'Address2'),
      city: childText(address, 'City'),
      state: normalizeState(childText(address, 'State')),
      zip5: childText(address, 'Zip5'),
      zip4: childText(address, 'Zip4'),
      returnText: childText(address, 'ReturnText'),
    },
  };
}

/** Reads an XML request (what the reference server's stand-in verifier receives). */
export function parseAddressRequestXml(xml: string): AddressCheckRequest {
  const root = parseXml(xml);
  if (root.name !== 'AddressValidateRequest') {
    throw new AddressXmlError(`expected <AddressValidateRequest>, got <${root.name}>`);
  }
  const address = child(root, 'Address');
  if (!address) throw new AddressXmlError('the request has no Address');
  return {
    userId: cleanAddressField(root.attributes.get('USERID')),
    address2: childText(address, 'Address2'),
    city: childText(address, 'City'),
    state: normalizeState(childText(address, 'State')),
    zip5: childText(address, 'Zip5'),
    zip4: childText(address, 'Zip4'),
  };
}

/** The service's XML reply for one of the three outcomes (the stand-in verifier answers it). */
export function buildAddressReplyXml(reply: AddressCheckReply): string {
  const el = (name: string, value: string) => `<${name}>${escapeXml(xmlSafe(value))}</${name}>`;
  const error = (number: string, description: string) =>
    `<Error>${el('Number', number)}${el('Source', 'clsAMS')}${el('Description', description)}` +
    '<HelpFile></HelpFile><HelpContext></HelpContext></Error>';
  switch (reply.kind) {
    case 'service-error':
      return `<?xml version="1.0" encoding="UTF-8"?>${error(reply.number, reply.description)}`;
    case 'address-error':
      return (
        '<?xml version="1.0" encoding="UTF-8"?><AddressValidateResponse><Address ID="0">' +
        `${error(reply.number, reply.description)}</Address></AddressValidateResponse>`
      );
    case 'address': {
      const a = reply.address;
      return (
        '<?xml version="1.0" encoding="UTF-8"?><AddressValidateResponse><Address ID="0">' +
        (a.address1 ? el('Address1', a.address1) : '') +
        el('Address2', a.address2) +
        el('City', a.city) +
        el('State', a.state) +
        el('Zip5', a.zip5) +
        el('Zip4', a.zip4) +
        (a.returnText ? el('ReturnText', a.returnText) : '') +
        '</Address></AddressValidateResponse>'
      );
    }
  }
}

// ---------------------------------------------------------------- what the form shows

/** What checking an address comes to, for the form (a rejected promise: unreachable). */
export type AddressCheckOutcome =
  | {
      kind: 'verified';
      /** The corrected address, verified: true; the agent accepts it or keeps theirs. */
      address: AddressValue;
      /** The service's remark, or ''. */
      note: string;
    }
  /** spec: dashboards 8 — an address-level error shows the translated USPS_ERROR_BODY. */
  | { kind: 'address-error'; message: string; description: string }
  /** spec: dashboards 8 — otherwise the service's description. */
  | { kind: 'service-error'; message: string };

/** Joins ZIP and ZIP+4 the way people write them. */
export function joinZip(zip5: string, zip4: string): string {
  return zip4 ? `${zip5}-${zip4}` : zip5;
}

/** The reply, as the form shows it; the corrected address keeps the typed second line. */
export function interpretAddressReply(
  typed: AddressValue,
  reply: AddressCheckReply,
): AddressCheckOutcome {
  switch (reply.kind) {
    case 'address': {
      const a = reply.address;
      return {
        kind: 'verified',
        note: a.returnText,
        address: {
          street1: a.address2 || cleanAddressField(typed.street1),
          street2: a.address1 || cleanAddressField(typed.street2),
          city: a.city,
          state: a.state,
          zip: joinZip(a.zip5, a.zip4),
          country: 'US',
          verified: true,
        },
      };
    }
    case 'address-error':
      return { kind: 'address-error', message: en.USPS_ERROR_BODY, description: reply.description };
    case 'service-error':
      return {
        kind: 'service-error',
        message: reply.description || en.ADDRESS_SERVICE_ERROR,
      };
  }
}
