import type { VerifiedAddressFields } from '@/shared/domain/address-check';

/**
 * The stand-in postal verifier's "database": a few real-shaped addresses (public
 * buildings and the postal service's own documentation example) in the service's
 * standardised form. Typed variants ("6406 Ivy Lane", "350 Fifth Avenue") are matched by
 * the route's street normalisation.
 */
export const ADDRESS_FIXTURE: readonly VerifiedAddressFields[] = [
  {
    address1: '',
    address2: '6406 IVY LN',
    city: 'GREENBELT',
    state: 'MD',
    zip5: '20770',
    zip4: '1441',
    returnText: '',
  },
  {
    address1: '',
    address2: '1600 PENNSYLVANIA AVE NW',
    city: 'WASHINGTON',
    state: 'DC',
    zip5: '20500',
    zip4: '0005',
    returnText: '',
  },
  {
    address1: '',
    address2: '350 5TH AVE',
    city: 'NEW YORK',
    state: 'NY',
    zip5: '10118',
    zip4: '0110',
    returnText: '',
  },
  {
    address1: '',
    address2: '233 S WACKER DR',
    city: 'CHICAGO',
    state: 'IL',
    zip5: '60606',
    zip4: '6306',
    returnText: '',
  },
  {
    address1: '',
    address2: '400 BROAD ST',
    city: 'SEATTLE',
    state: 'WA',
    zip5: '98109',
    zip4: '4607',
    returnText: '',
  },
  {
    address1: '',
    address2: '1 DR CARLTON B GOODLETT PL',
    city: 'SAN FRANCISCO',
    state: 'CA',
    zip5: '94102',
    zip4: '4603',
    returnText: '',
  },
  {
    address1: '',
    address2: '100 N TRYON ST',
    city: 'CHARLOTTE',
    state: 'NC',
    zip5: '28202',
    zip4: '',
    // A building with suites: found, but the service asks for the suite (its real remark).
    returnText:
      'Default address: The address you entered was found but more information is needed (such as an apartment, suite, or box number) to match to a specific address.',
  },
  {
    address1: '',
    address2: '63 CALLE FORTALEZA',
    city: 'SAN JUAN',
    state: 'PR',
    zip5: '00901',
    zip4: '1802',
    returnText: '',
  },
  {
    address1: '',
    address2: 'UNIT 2050 BOX 4190',
    city: 'APO',
    state: 'AP',
    zip5: '96278',
    zip4: '2050',
    returnText: '',
  },
];
