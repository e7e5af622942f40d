import {
  buildAddressReplyXml,
  buildAddressRequestXml,
  parseAddressReplyXml,
  parseAddressRequestXml,
} from '@/shared/domain/address-check';
import { AddressVerifierUnavailable, type AddressVerifier } from '../address/usps-verifier';
import type { PartCheck } from './run-check';

/** A fixture address typed the way a person would; the verifier must standardise it. */
const PROBE_REQUEST = {
  userId: 'microservices-check',
  address2: '6406 Ivy Lane',
  city: 'Greenbelt',
  state: 'MD',
  zip5: '',
  zip4: '',
} as const;

/**
 * The address verifier (POST addresses/verify: USPS, or the stand-in): the same XML round
 * trip the route runs — request XML read, the verifier asked, reply XML written and read
 * back — for a known address (USPS's own example), which must come back standardised with
 * its ZIP+4.
 */
export function addressVerificationCheck(verifier: AddressVerifier): PartCheck {
  return {
    id: 'address-verification',
    name: 'Address verification',
    async probe() {
      const request = parseAddressRequestXml(buildAddressRequestXml(PROBE_REQUEST));
      let answer;
      try {
        answer = await verifier.verify(request);
      } catch (error) {
        if (error instanceof AddressVerifierUnavailable) {
          return { status: 'down', detail: `${verifier.describe()}: ${error.message}` };
        }
        throw error;
      }
      const reply = parseAddressReplyXml(buildAddressReplyXml(answer));
      if (reply.kind !== 'address') {
        return { status: 'down', detail: `A known address was refused: ${reply.description}` };
      }
      const { address2, zip5, zip4 } = reply.address;
      if (address2 !== '6406 IVY LN' || zip5 !== '20770') {
        return { status: 'degraded', detail: `A known address came back as ${address2} ${zip5}.` };
      }
      return {
        status: 'ok',
        detail: `${verifier.describe()} answered ${address2} ${zip5}-${zip4}.`,
      };
    },
  };
}
