import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepForm } from '@/app/features/call-flow/forms/step-form';
import { DRAFT_SAVE_DELAY_MS } from '@/app/features/call-flow/forms/use-step-form-draft';
import { draftKey, type DraftStorage } from '@/shared/call-flow/drafts';
import { makeForm, memoryDraftStorage } from './form-fixtures';

const form = makeForm({
  dyn_uid: 'dyn-details',
  title: 'Caller details',
  fields: [
    { type: 'text', name: 'first_name', label: 'First name', validators: [{ type: 'required' }] },
    {
      type: 'grid',
      name: 'witnessesGrid',
      label: 'Witnesses',
      columns: [{ type: 'text', name: 'name', label: 'Name' }],
    },
  ],
});

const KEY = draftKey('exec-1', 'step-2');

function renderForm(
  storage: DraftStorage,
  onSubmit: (values: unknown) => unknown = vi.fn(),
  stepId = 'step-2',
) {
  return render(
    <StepForm
      key={stepId}
      form={form}
      onSubmit={onSubmit as never}
      submitLabel="Next"
      draft={{ storage, executionId: 'exec-1', stepId }}
    />,
  );
}

function firstName() {
  return screen.getByLabelText(/First name/) as HTMLInputElement;
}

describe('step form drafts (issue 11 Forms: nothing typed is lost)', () => {
  it('saves what the agent types a moment after the last change', async () => {
    const storage = memoryDraftStorage();
    renderForm(storage);
    fireEvent.change(firstName(), { target: { value: 'Da' } });
    fireEvent.change(firstName(), { target: { value: 'Dana' } });
    expect(storage.data.has(KEY)).toBe(false);
    await waitFor(() => expect(storage.data.get(KEY)).toContain('"first_name":"Dana"'), {
      timeout: DRAFT_SAVE_DELAY_MS * 5,
    });
  });

  it('brings typed values back after the form is unmounted and mounted again', async () => {
    const storage = memoryDraftStorage();
    const first = renderForm(storage);
    fireEvent.change(firstName(), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Witnesses' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
    // Closing the screen before the pause ends still keeps the last keystrokes.
    first.unmount();
    expect(storage.data.get(KEY)).toContain('Sam');

    renderForm(storage);
    await waitFor(() => expect(firstName().value).toBe('Dana'));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Sam');
    expect(screen.getByRole('status').textContent).toContain('Restored what was typed earlier');
  });

  it('keeps drafts apart per execution and step', async () => {
    const storage = memoryDraftStorage();
    storage.data.set(KEY, JSON.stringify({ first_name: 'Dana' }));
    renderForm(storage, vi.fn(), 'step-3');
    await act(async () => {});
    expect(firstName().value).toBe('');
  });

  it('clears the draft when the step is submitted', async () => {
    const storage = memoryDraftStorage();
    const onSubmit = vi.fn(async () => ({ ok: true }));
    renderForm(storage, onSubmit);
    fireEvent.change(firstName(), { target: { value: 'Dana' } });
    fireEvent.blur(firstName());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await waitFor(() => expect(storage.data.has(KEY)).toBe(false));
    // A save that was still pending never brings it back.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS * 2));
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('keeps the draft when the engine refuses the step or the submit fails', async () => {
    const storage = memoryDraftStorage();
    const refused = vi.fn(async () => ({ ok: false }));
    const view = renderForm(storage, refused);
    fireEvent.change(firstName(), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(refused).toHaveBeenCalled());
    view.unmount();
    expect(storage.data.get(KEY)).toContain('Dana');

    const failing = vi.fn(async () => {
      throw new Error('network down');
    });
    renderForm(storage, failing);
    await waitFor(() => expect(firstName().value).toBe('Dana'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(failing).toHaveBeenCalled());
    expect(storage.data.get(KEY)).toContain('Dana');
  });

  it('does not overwrite what the agent typed while an old draft was loading', async () => {
    const storage = memoryDraftStorage();
    storage.data.set(KEY, JSON.stringify({ first_name: 'Old' }));
    let release: () => void = () => {};
    const slow: DraftStorage = {
      ...storage,
      get: (key) =>
        new Promise((resolve) => {
          release = () => resolve(storage.data.get(key) ?? null);
        }),
    };
    renderForm(slow);
    fireEvent.change(firstName(), { target: { value: 'New' } });
    await act(async () => release());
    expect(firstName().value).toBe('New');
  });

  it('ignores a stored draft that is not a draft, and stored names outside the form', async () => {
    const storage = memoryDraftStorage();
    storage.data.set(KEY, '{"first_name":"Dana","__proto__":{"polluted":1},"x":1}');
    const onSubmit = vi.fn();
    renderForm(storage, onSubmit);
    await waitFor(() => expect(firstName().value).toBe('Dana'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(Object.keys(onSubmit.mock.calls[0][0] as object).sort()).toEqual([
      'first_name',
      'witnessesGrid',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const broken = memoryDraftStorage();
    broken.data.set(draftKey('exec-1', 'step-9'), '{not json');
    renderForm(broken, vi.fn(), 'step-9');
    await act(async () => {});
    expect((screen.getAllByLabelText(/First name/).at(-1) as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
