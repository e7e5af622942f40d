import { describe, expect, it } from 'vitest';
import {
  addressCheckRequest,
  AddressXmlError,
  buildAddressReplyXml,
  buildAddressRequestXml,
  cleanAddressField,
  escapeXml,
  interpretAddressReply,
  MAX_ADDRESS_XML_CHARS,
  normalizeState,
  parseAddressReplyXml,
  parseAddressRequestXml,
  parseXml,
  POSTAL_ABBREVIATIONS,
  splitZip,
} from '@/shared/domain/address-check';
import { en } from '@/shared/i18n/en';

const typed = {
  street1: '6406 Ivy Lane',
  street2: '',
  city: 'Greenbelt',
  state: 'Maryland',
  zip: '20770',
  country: 'US',
};

describe('cleaning the fields of an address check (dashboards 7)', () => {
  it('trims every field and counts UNDEFINED as empty', () => {
    expect(cleanAddressField('  GREENBELT \n')).toBe('GREENBELT');
    expect(cleanAddressField('UNDEFINED')).toBe('');
    expect(cleanAddressField('  undefined ')).toBe('');
    expect(cleanAddressField(undefined)).toBe('');
  });

  it('uppercases a two-character state', () => {
    expect(normalizeState('md')).toBe('MD');
    expect(normalizeState(' pr ')).toBe('PR');
    expect(normalizeState('Qc')).toBe('QC');
  });

  it('maps full state names to their postal abbreviations whatever their case and spacing', () => {
    expect(normalizeState('Maryland')).toBe('MD');
    expect(normalizeState('  new   YORK ')).toBe('NY');
    expect(normalizeState('Washington')).toBe('WA');
    expect(normalizeState('District of Columbia')).toBe('DC');
    expect(normalizeState('Washington, D.C.')).toBe('DC');
  });

  it('maps every US state to its abbreviation', () => {
    const states: Record<string, string> = {
      Alabama: 'AL', Alaska: 'AK', Arizona: 'AZ', Arkansas: 'AR', California: 'CA',
      Colorado: 'CO', Connecticut: 'CT', Delaware: 'DE', Florida: 'FL', Georgia: 'GA',
      Hawaii: 'HI', Idaho: 'ID', Illinois: 'IL', Indiana: 'IN', Iowa: 'IA', Kansas: 'KS',
      Kentucky: 'KY', Louisiana: 'LA', Maine: 'ME', Maryland: 'MD', Massachusetts: 'MA',
      Michigan: 'MI', Minnesota: 'MN', Mississippi: 'MS', Missouri: 'MO', Montana: 'MT',
      Nebraska: 'NE', Nevada: 'NV', 'New Hampshire': 'NH', 'New Jersey': 'NJ',
      'New Mexico': 'NM', 'New York': 'NY', 'North Carolina': 'NC', 'North Dakota': 'ND',
      Ohio: 'OH', Oklahoma: 'OK', Oregon: 'OR', Pennsylvania: 'PA', 'Rhode Island': 'RI',
      'South Carolina': 'SC', 'South Dakota': 'SD', Tennessee: 'TN', Texas: 'TX', Utah: 'UT',
      Vermont: 'VT', Virginia: 'VA', Washington: 'WA', 'West Virginia': 'WV',
      Wisconsin: 'WI', Wyoming: 'WY',
    }; // prettier-ignore
    expect(Object.keys(states)).toHaveLength(50);
    for (const [name, code] of Object.entries(states)) expect(normalizeState(name)).toBe(code);
  });

  it('maps the territories and freely associated states USPS lists', () => {
    expect(normalizeState('Puerto Rico')).toBe('PR');
    expect(normalizeState('Guam')).toBe('GU');
    expect(normalizeState('U.S. Virgin Islands')).toBe('VI');
    expect(normalizeState('Virgin Islands')).toBe('VI');
    expect(normalizeState('American Samoa')).toBe('AS');
    expect(normalizeState('Northern Mariana Islands')).toBe('MP');
    expect(normalizeState('Federated States of Micronesia')).toBe('FM');
    expect(normalizeState('Marshall Islands')).toBe('MH');
    expect(normalizeState('Palau')).toBe('PW');
  });

  it('maps the military codes', () => {
    expect(normalizeState('Armed Forces Americas')).toBe('AA');
    expect(normalizeState('Armed Forces Europe')).toBe('AE');
    expect(normalizeState('Armed Forces Middle East')).toBe('AE');
    expect(normalizeState('Armed Forces Pacific')).toBe('AP');
    expect(normalizeState('armed forces americas (except canada)')).toBe('AA');
  });

  it('maps the Canadian provinces and territories, accents or not', () => {
    const provinces: Record<string, string> = {
      Alberta: 'AB', 'British Columbia': 'BC', Manitoba: 'MB', 'New Brunswick': 'NB',
      'Newfoundland and Labrador': 'NL', 'Nova Scotia': 'NS', 'Northwest Territories': 'NT',
      Nunavut: 'NU', Ontario: 'ON', 'Prince Edward Island': 'PE', Quebec: 'QC',
      Québec: 'QC', Saskatchewan: 'SK', Yukon: 'YT',
    }; // prettier-ignore
    for (const [name, code] of Object.entries(provinces)) expect(normalizeState(name)).toBe(code);
  });

  it('keeps an unknown long name as given, trimmed, and an empty state empty', () => {
    expect(normalizeState('  Atlantis ')).toBe('Atlantis');
    expect(normalizeState('UNDEFINED')).toBe('');
    expect(normalizeState('')).toBe('');
  });

  it('knows each abbreviation once', () => {
    expect(new Set(POSTAL_ABBREVIATIONS).size).toBe(POSTAL_ABBREVIATIONS.length);
    expect(POSTAL_ABBREVIATIONS.length).toBe(51 + 8 + 3 + 13);
  });

  it('splits ZIP and ZIP+4 written any usual way', () => {
    expect(splitZip('20770-1441')).toEqual({ zip5: '20770', zip4: '1441' });
    expect(splitZip('207701441')).toEqual({ zip5: '20770', zip4: '1441' });
    expect(splitZip(' 20770 ')).toEqual({ zip5: '20770', zip4: '' });
    expect(splitZip('K1A 0B1')).toEqual({ zip5: 'K1A 0B1', zip4: '' });
  });
});

describe('the XML request', () => {
  it('carries the user id, address2, city, state, zip5 and zip4', () => {
    const xml = buildAddressRequestXml(
      addressCheckRequest('INTAKE', { ...typed, zip: '20770-1441' }),
    );
    expect(xml).toBe(
      '<AddressValidateRequest USERID="INTAKE"><Address ID="0"><Address1></Address1>' +
        '<Address2>6406 Ivy Lane</Address2><City>Greenbelt</City><State>MD</State>' +
        '<Zip5>20770</Zip5><Zip4>1441</Zip4></Address></AddressValidateRequest>',
    );
  });

  it('escapes what the agent typed so it cannot change the document', () => {
    const xml = buildAddressRequestXml(
      addressCheckRequest('a"b', {
        ...typed,
        street1: '1 <Main> & "Co" St\'s</Address2><Zip5>0',
      }),
    );
    expect(xml).toContain('USERID="a&quot;b"');
    expect(xml).toContain(
      '<Address2>1 &lt;Main&gt; &amp; &quot;Co&quot; St&apos;s&lt;/Address2&gt;&lt;Zip5&gt;0</Address2>',
    );
    expect(parseAddressRequestXml(xml).address2).toBe('1 <Main> & "Co" St\'s</Address2><Zip5>0');
  });

  it('is read back by the stand-in verifier with its fields cleaned', () => {
    const request = parseAddressRequestXml(
      '<?xml version="1.0"?><AddressValidateRequest USERID=" ID "><Address ID="0">' +
        '<Address2> 6406 Ivy Lane </Address2><City>UNDEFINED</City><State>maryland</State>' +
        '<Zip5>20770</Zip5><Zip4/></Address></AddressValidateRequest>',
    );
    expect(request).toEqual({
      userId: 'ID',
      address2: '6406 Ivy Lane',
      city: '',
      state: 'MD',
      zip5: '20770',
      zip4: '',
    });
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;',
    );
  });
});

describe('the XML reply', () => {
  it('reads an Address with its fields trimmed, UNDEFINED emptied and the state abbreviated', () => {
    const reply = parseAddressReplyXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<AddressValidateResponse>\n  <Address ID="0">\n' +
        '    <Address2> 6406 IVY LN </Address2>\n    <City>GREENBELT</City>\n' +
        '    <State>md</State>\n    <Zip5>20770</Zip5>\n    <Zip4>UNDEFINED</Zip4>\n' +
        '  </Address>\n</AddressValidateResponse>\n',
    );
    expect(reply).toEqual({
      kind: 'address',
      address: {
        address1: '',
        address2: '6406 IVY LN',
        city: 'GREENBELT',
        state: 'MD',
        zip5: '20770',
        zip4: '',
        returnText: '',
      },
    });
  });

  it('reads an address-level Error with its description', () => {
    const reply = parseAddressReplyXml(
      '<AddressValidateResponse><Address ID="0"><Error><Number>-2147219401</Number>' +
        '<Source>clsAMS</Source><Description>Address Not Found.  </Description>' +
        '<HelpFile/><HelpContext/></Error></Address></AddressValidateResponse>',
    );
    expect(reply).toEqual({
      kind: 'address-error',
      number: '-2147219401',
      description: 'Address Not Found.',
    });
  });

  it('reads a top-level Error as the service refusing the request', () => {
    const reply = parseAddressReplyXml(
      '<Error><Number>80040B1A</Number><Description>Authorization failure.  Perhaps ' +
        'username and/or password is incorrect.</Description><Source>UspsCom::DoAuth</Source></Error>',
    );
    expect(reply).toEqual({
      kind: 'service-error',
      number: '80040B1A',
      description: 'Authorization failure.  Perhaps username and/or password is incorrect.',
    });
  });

  it('reads what the stand-in verifier builds, for each kind', () => {
    const replies = [
      {
        kind: 'address' as const,
        address: {
          address1: 'APT 2',
          address2: '1 <&> ST',
          city: 'X',
          state: 'NY',
          zip5: '10001',
          zip4: '0001',
          returnText: 'Default address: more information is needed.',
        },
      },
      { kind: 'address-error' as const, number: '-1', description: 'Invalid City.' },
      { kind: 'service-error' as const, number: '80040B19', description: 'XML Syntax Error' },
    ];
    for (const reply of replies)
      expect(parseAddressReplyXml(buildAddressReplyXml(reply))).toEqual(reply);
  });

  it('decodes the predefined entities, character references and CDATA', () => {
    const reply = parseAddressReplyXml(
      '<AddressValidateResponse><Address ID="0"><Address2>A &amp; B &#x41;&#66;</Address2>' +
        '<City><![CDATA[<Town>]]></City></Address></AddressValidateResponse>',
    );
    expect(reply.kind === 'address' && reply.address.address2).toBe('A & B AB');
    expect(reply.kind === 'address' && reply.address.city).toBe('<Town>');
  });

  it('turns a reply into what the form shows: a corrected address keeping the second line', () => {
    const outcome = interpretAddressReply(
      { ...typed, street2: 'Apt 2' },
      parseAddressReplyXml(
        '<AddressValidateResponse><Address ID="0"><Address2>6406 IVY LN</Address2>' +
          '<City>GREENBELT</City><State>MD</State><Zip5>20770</Zip5><Zip4>1441</Zip4>' +
          '</Address></AddressValidateResponse>',
      ),
    );
    expect(outcome).toEqual({
      kind: 'verified',
      note: '',
      address: {
        street1: '6406 IVY LN',
        street2: 'Apt 2',
        city: 'GREENBELT',
        state: 'MD',
        zip: '20770-1441',
        country: 'US',
        verified: true,
      },
    });
  });

  it('shows USPS_ERROR_BODY for an address-level error and the description for a refusal', () => {
    expect(
      interpretAddressReply(typed, {
        kind: 'address-error',
        number: '1',
        description: 'Address Not Found.',
      }),
    ).toEqual({
      kind: 'address-error',
      message: en.USPS_ERROR_BODY,
      description: 'Address Not Found.',
    });
    expect(
      interpretAddressReply(typed, { kind: 'service-error', number: '1', description: 'Down.' }),
    ).toEqual({ kind: 'service-error', message: 'Down.' });
    expect(
      interpretAddressReply(typed, { kind: 'service-error', number: '1', description: '' }),
    ).toEqual({ kind: 'service-error', message: en.ADDRESS_SERVICE_ERROR });
  });
});

describe('hostile XML', () => {
  const refuses = (xml: string) => expect(() => parseAddressReplyXml(xml)).toThrow(AddressXmlError);

  it('refuses document type declarations, so no entity is ever defined or expanded', () => {
    refuses(
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>' +
        '<AddressValidateResponse><Address><City>&lol2;</City></Address></AddressValidateResponse>',
    );
    refuses(
      '<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Error><Description>&xxe;</Description></Error>',
    );
  });

  it('refuses unknown entities and bare ampersands', () => {
    refuses('<Error><Description>&nbsp;</Description></Error>');
    refuses('<Error><Description>AT&T</Description></Error>');
    refuses('<Error><Description>&#0;</Description></Error>');
    refuses('<Error><Description>&#xD800;</Description></Error>');
  });

  it('refuses documents over the size limit without reading them', () => {
    const huge = `<Error><Description>${'a'.repeat(MAX_ADDRESS_XML_CHARS)}</Description></Error>`;
    refuses(huge);
  });

  it('refuses deep nesting, element floods and broken structure', () => {
    refuses(`${'<a>'.repeat(40)}${'</a>'.repeat(40)}`);
    refuses(`<AddressValidateResponse>${'<x/>'.repeat(600)}</AddressValidateResponse>`);
    refuses('<Error><Description>open');
    refuses('<Error></Description>');
    refuses('<Error/><Error/>');
    refuses('text<Error/>');
    refuses('');
    refuses('<Error attr=unquoted/>');
    refuses('<Error><!-- never closed </Error>');
  });

  it('refuses a reply of an unexpected shape', () => {
    refuses('<Html><Body>Bad gateway</Body></Html>');
    refuses('<AddressValidateResponse></AddressValidateResponse>');
  });

  it('reads prototype-like element and attribute names as plain data', () => {
    const root = parseXml('<__proto__ constructor="x"><prototype>y</prototype></__proto__>');
    expect(root.name).toBe('__proto__');
    expect(root.attributes.get('constructor')).toBe('x');
    expect(root.children[0].text).toBe('y');
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  it('refuses long hostile text (its time, against half the length: npm run bench:parsers)', () => {
    refuses(`<Error><Description>${'&amp'.repeat(3_000)}</Description></Error>`);
    refuses(`<Error ${'a="1" '.repeat(2_500)}>`);
  });
});
