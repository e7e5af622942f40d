import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  type DraftReading,
  useCheckedDraft,
  useDraftSubmit,
} from '@/app/components/field/use-checked-draft';

interface Draft {
  name: string;
}

const read = (draft: Draft): DraftReading<{ name: string }, { name: string }> =>
  draft.name.trim()
    ? { ok: true, request: { name: draft.name.trim() } }
    : { ok: false, errors: { name: 'Enter a name.' } };

/** A one-field form on the two hooks, as the app's forms use them. */
function NameForm({
  send,
  onSent,
}: {
  send: (request: { name: string }) => Promise<string>;
  onSent: (answer: string) => void;
}) {
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    Draft,
    { name: string },
    { name: string }
  >({ name: '' }, read);
  const { submit, sending, failure } = useDraftSubmit(check, send, {
    onSent,
    failureOf: (error) => (error instanceof Error ? error.message : 'Failed'),
  });
  return (
    <form ref={formRef} onSubmit={submit} aria-label="Name">
      <label>
        Name
        <input
          name="name"
          value={draft.name}
          aria-invalid={errors.name ? true : undefined}
          onChange={(event) => update('name', event.target.value)}
        />
      </label>
      {errors.name ? <p>{errors.name}</p> : null}
      {failure ? <p role="alert">{failure}</p> : null}
      <button type="submit" disabled={sending}>
        {sending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

describe('useDraftSubmit', () => {
  it('sends nothing while the draft has errors, and focuses the field in error', async () => {
    const send = vi.fn(async () => 'saved');
    render(<NameForm send={send} onSent={() => undefined} />);
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Name' })));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('sends once however often it is submitted while on its way, then hands over the answer', async () => {
    let answer!: (value: string) => void;
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSent = vi.fn();
    render(<NameForm send={send} onSent={onSent} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Dana ' },
    });
    const form = screen.getByRole('form', { name: 'Name' });
    await act(async () => fireEvent.submit(form));
    await act(async () => fireEvent.submit(form));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Dana' });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await act(async () => answer('saved'));
    expect(onSent).toHaveBeenCalledWith('saved', { name: 'Dana' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps what was typed on a failure and says why; the next submit clears it', async () => {
    const send = vi
      .fn<(request: { name: string }) => Promise<string>>()
      .mockRejectedValueOnce(new Error('Name taken'))
      .mockResolvedValueOnce('saved');
    render(<NameForm send={send} onSent={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Dana' } });
    const form = screen.getByRole('form', { name: 'Name' });
    await act(async () => fireEvent.submit(form));
    expect(screen.getByRole('alert')).toHaveTextContent('Name taken');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Dana');
    await act(async () => fireEvent.submit(form));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
