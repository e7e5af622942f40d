import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  AddressVerifierContext,
  createAddressVerifier,
  type VerifyAddress,
} from '@/app/features/call-flow/forms/address-verifier';
import { StepForm } from '@/app/features/call-flow/forms/step-form';
import type { ApiClient } from '@/shared/api/client';
import type { AddressValue, Variables } from '@/shared/contracts/call-flow';
import { type AddressCheckOutcome, interpretAddressReply } from '@/shared/domain/address-check';
import { en } from '@/shared/i18n/en';
import { TransportError } from '@/shared/transport/transport';
import { makeForm } from './form-fixtures';

const form = makeForm({
  dyn_uid: 'dyn-address',
  title: 'Where the caller lives',
  fields: [
    {
      type: 'address',
      name: 'home_address',
      label: 'Home address',
      validators: [{ type: 'required' }],
    },
  ],
});

const GREENBELT: AddressValue = {
  street1: '6406 IVY LN',
  street2: '',
  city: 'GREENBELT',
  state: 'MD',
  zip: '20770-1441',
  country: 'US',
  verified: true,
};

function part(label: string | RegExp) {
  return within(screen.getByRole('group', { name: /Home address/ })).getByLabelText(
    label,
  ) as HTMLInputElement;
}

function type(values: Partial<Record<'street1' | 'city' | 'state' | 'zip', string>>) {
  if (values.street1 !== undefined)
    fireEvent.change(part('Street address'), { target: { value: values.street1 } });
  if (values.city !== undefined) fireEvent.change(part('City'), { target: { value: values.city } });
  if (values.state !== undefined)
    fireEvent.change(part('State'), { target: { value: values.state } });
  if (values.zip !== undefined)
    fireEvent.change(part('ZIP code'), { target: { value: values.zip } });
}

function renderAddressForm(verify?: VerifyAddress) {
  const onSubmit = vi.fn();
  render(<StepForm form={form} onSubmit={onSubmit} submitLabel="Next" verifyAddress={verify} />);
  return onSubmit;
}

async function submitAndRead(onSubmit: ReturnType<typeof vi.fn>): Promise<AddressValue> {
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return { ...((onSubmit.mock.calls.at(-1)?.[0] as Variables).home_address as AddressValue) };
}

async function pressVerify() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify Home address' }));
  });
}

describe('an address field with postal verification (dashboards 7 Address check)', () => {
  it('writes the typed address, not verified, when nobody checked it', async () => {
    const onSubmit = renderAddressForm();
    type({ street1: '6406 Ivy Lane', city: 'Greenbelt', state: 'MD', zip: '20770' });
    expect(screen.queryByRole('button', { name: /Verify/ })).toBeNull();
    expect(await submitAndRead(onSubmit)).toEqual({
      street1: '6406 Ivy Lane',
      street2: '',
      city: 'Greenbelt',
      state: 'MD',
      zip: '20770',
      country: 'US',
      verified: false,
    });
  });

  it('maps a full state name to its abbreviation when the agent leaves the field', () => {
    renderAddressForm();
    type({ state: '  maryland ' });
    fireEvent.blur(part('State'));
    expect(part('State').value).toBe('MD');
  });

  it('offers the corrected address and uses it when the agent accepts', async () => {
    const verify = vi.fn<VerifyAddress>(async () => ({
      kind: 'verified',
      address: GREENBELT,
      note: '',
    }));
    const onSubmit = renderAddressForm(verify);
    type({ street1: '6406 Ivy Lane', city: 'Greenbelt', state: 'Maryland', zip: '20770' });
    await pressVerify();
    expect(verify).toHaveBeenCalledWith(
      expect.objectContaining({ street1: '6406 Ivy Lane', state: 'Maryland', zip: '20770' }),
      expect.any(AbortSignal),
    );
    const status = screen.getAllByRole('status').find((s) => s.textContent?.includes('suggests'));
    expect(status?.textContent).toContain('6406 IVY LN');
    expect(status?.textContent).toContain('GREENBELT, MD 20770-1441');
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(part('Street address').value).toBe('6406 IVY LN');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Verify Home address' }),
    );
    expect(await submitAndRead(onSubmit)).toEqual(GREENBELT);
  });

  it('keeps the typed address, not verified, when the agent declines the correction', async () => {
    const onSubmit = renderAddressForm(async () => ({
      kind: 'verified',
      address: GREENBELT,
      note: '',
    }));
    type({ street1: '6406 Ivy Lane', city: 'Greenbelt', state: 'MD', zip: '20770' });
    await pressVerify();
    fireEvent.click(screen.getByRole('button', { name: 'Keep as typed' }));
    expect(screen.getByText(/Kept as typed/)).toBeInTheDocument();
    const saved = await submitAndRead(onSubmit);
    expect(saved.street1).toBe('6406 Ivy Lane');
    expect(saved.verified).toBe(false);
  });

  it('marks an address the service confirms unchanged as verified at once', async () => {
    const onSubmit = renderAddressForm(async (address) => ({
      kind: 'verified',
      address: { ...address, verified: true },
      note: '',
    }));
    type({ street1: '6406 IVY LN', city: 'GREENBELT', state: 'MD', zip: '20770-1441' });
    await pressVerify();
    expect(screen.getByText('The postal service verified this address.')).toBeInTheDocument();
    expect((await submitAndRead(onSubmit)).verified).toBe(true);
  });

  it('shows USPS_ERROR_BODY for an address the service cannot find', async () => {
    const outcome = interpretAddressReply(GREENBELT, {
      kind: 'address-error',
      number: '-2147219401',
      description: 'Address Not Found.',
    });
    const onSubmit = renderAddressForm(async () => outcome);
    type({ street1: '12 Nowhere Rd', city: 'Greenbelt', state: 'MD', zip: '20770' });
    await pressVerify();
    expect(screen.getByText(en.USPS_ERROR_BODY, { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    // The agent may still go on with the address as typed.
    const saved = await submitAndRead(onSubmit);
    expect(saved).toMatchObject({ street1: '12 Nowhere Rd', verified: false });
  });

  it('shows the service description when it refuses the request', async () => {
    const outcome: AddressCheckOutcome = {
      kind: 'service-error',
      message: 'Authorization failure.  Perhaps username and/or password is incorrect.',
    };
    renderAddressForm(async () => outcome);
    type({ street1: '6406 Ivy Lane', zip: '20770' });
    await pressVerify();
    expect(screen.getByText(/Authorization failure/)).toBeInTheDocument();
  });

  it('never blocks the intake when the verifier cannot be reached', async () => {
    const onSubmit = renderAddressForm(async () => {
      throw new TransportError('Cannot reach the server', 0);
    });
    type({ street1: '6406 Ivy Lane', city: 'Greenbelt', state: 'MD', zip: '20770' });
    await pressVerify();
    expect(screen.getByText(en.ADDRESS_VERIFIER_UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    const saved = await submitAndRead(onSubmit);
    expect(saved).toMatchObject({ street1: '6406 Ivy Lane', zip: '20770', verified: false });
  });

  it('asks for enough of the address before checking it', async () => {
    const verify = vi.fn<VerifyAddress>();
    renderAddressForm(verify);
    type({ street1: '6406 Ivy Lane' });
    await pressVerify();
    expect(verify).not.toHaveBeenCalled();
    expect(screen.getByText(/either the ZIP code or the city and state/)).toBeInTheDocument();
  });

  it('makes a verification stale when the agent edits the address afterwards', async () => {
    const onSubmit = renderAddressForm(async () => ({
      kind: 'verified',
      address: GREENBELT,
      note: '',
    }));
    type({ street1: '6406 Ivy Lane', zip: '20770' });
    await pressVerify();
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    type({ street1: '6408 IVY LN' });
    expect(screen.queryByText('Verified')).toBeNull();
    expect((await submitAndRead(onSubmit)).verified).toBe(false);
  });

  it('takes its verifier from the host context', async () => {
    const verify = vi.fn<VerifyAddress>(async () => ({
      kind: 'verified',
      address: GREENBELT,
      note: '',
    }));
    render(
      <AddressVerifierContext.Provider value={verify}>
        <StepForm form={form} onSubmit={vi.fn()} />
      </AddressVerifierContext.Provider>,
    );
    type({ street1: '6406 Ivy Lane', zip: '20770' });
    await pressVerify();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('shows the required error on the missing parts and focuses the street', () => {
    renderAddressForm();
    type({ city: 'Greenbelt' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(part('Street address').getAttribute('aria-invalid')).toBe('true');
    expect(part('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(part('City').getAttribute('aria-invalid')).toBeNull();
    expect(part(/Apartment/).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(part('Street address'));
    expect(screen.getByRole('alert').textContent).toContain(
      `Home address: ${en.ERROR_REQUIRED_FIELD}`,
    );
  });

  it('offers no verification for a field whose definition turns it off', () => {
    const unverified = makeForm({
      dyn_uid: 'dyn-mailing',
      title: 'Mailing',
      fields: [{ type: 'address', name: 'mailing', label: 'Mailing address', verify: false }],
    });
    render(
      <StepForm form={unverified} onSubmit={vi.fn()} verifyAddress={vi.fn<VerifyAddress>()} />,
    );
    expect(screen.getByRole('group', { name: 'Mailing address' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Verify/ })).toBeNull();
  });

  it('checks through the API client with createAddressVerifier', async () => {
    const call = vi.fn(async () => ({
      xml: '<AddressValidateResponse><Address ID="0"><Address2>6406 IVY LN</Address2><City>GREENBELT</City><State>MD</State><Zip5>20770</Zip5><Zip4>1441</Zip4></Address></AddressValidateResponse>',
    }));
    const verify = createAddressVerifier({ call, subscribe: () => () => {} } as ApiClient);
    renderAddressForm(verify);
    type({ street1: '6406 Ivy Lane', zip: '20770' });
    await pressVerify();
    expect(call).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ method: 'POST', path: 'addresses/verify' }),
      { silent: true },
    );
    expect(screen.getByText('The postal service suggests:')).toBeInTheDocument();
  });
});
