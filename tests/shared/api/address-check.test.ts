import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_VERIFY_PATH, checkAddress } from '@/shared/api/address-check';
import { createApiClient } from '@/shared/api/client';
import type { AddressValue } from '@/shared/contracts/call-flow';
import { AddressXmlError } from '@/shared/domain/address-check';
import {
  type Transport,
  type TransportRequest,
  TransportError,
} from '@/shared/transport/transport';

const typed: AddressValue = {
  street1: '6406 Ivy Lane',
  street2: '',
  city: 'Greenbelt',
  state: 'maryland',
  zip: '20770-1441',
  country: 'US',
};

function transportAnswering(answer: (req: TransportRequest) => unknown) {
  const requests: TransportRequest[] = [];
  const transport: Transport = {
    request: async (req) => {
      requests.push(req);
      return answer(req);
    },
    subscribe: () => () => {},
  };
  return { transport, requests };
}

describe('checkAddress (dashboards 7 Address check)', () => {
  it('posts the XML request with the user id, street, city, abbreviated state and split ZIP', async () => {
    const { transport, requests } = transportAnswering(() => ({
      xml: '<AddressValidateResponse><Address ID="0"><Address2>6406 IVY LN</Address2><City>GREENBELT</City><State>MD</State><Zip5>20770</Zip5><Zip4>1441</Zip4></Address></AddressValidateResponse>',
    }));
    const outcome = await checkAddress(createApiClient(transport, vi.fn()), typed, {
      userId: 'ACCOUNT-1',
    });
    expect(requests[0]).toMatchObject({ method: 'POST', path: ADDRESS_VERIFY_PATH });
    expect((requests[0].body as { xml: string }).xml).toBe(
      '<AddressValidateRequest USERID="ACCOUNT-1"><Address ID="0"><Address1></Address1>' +
        '<Address2>6406 Ivy Lane</Address2><City>Greenbelt</City><State>MD</State>' +
        '<Zip5>20770</Zip5><Zip4>1441</Zip4></Address></AddressValidateRequest>',
    );
    expect(outcome.kind === 'verified' && outcome.address.street1).toBe('6406 IVY LN');
    const controller = new AbortController();
    await checkAddress(createApiClient(transport, vi.fn()), typed, { signal: controller.signal });
    expect(requests[1].signal).toBe(controller.signal);
  });

  it('rejects without a toast when the verifier cannot be reached (the field says it)', async () => {
    const notify = vi.fn();
    const { transport } = transportAnswering(() => {
      throw new TransportError('Cannot reach the server', 0);
    });
    await expect(checkAddress(createApiClient(transport, notify), typed)).rejects.toBeInstanceOf(
      TransportError,
    );
    expect(notify).not.toHaveBeenCalled();
  });

  it('rejects a reply that is not readable XML instead of guessing', async () => {
    const { transport } = transportAnswering(() => ({ xml: '<!DOCTYPE x><Error/>' }));
    await expect(checkAddress(createApiClient(transport, vi.fn()), typed)).rejects.toBeInstanceOf(
      AddressXmlError,
    );
  });
});
