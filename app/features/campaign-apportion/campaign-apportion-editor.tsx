import { AddonField, SelectField, TextField } from '@/app/components/field/field-controls';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import type { LeadSource } from '@/shared/contracts/lookups';
import type {
  CampaignApportion,
  CampaignApportionUpdate,
} from '@/shared/contracts/workspace-settings';
import { formatDollars } from '@/shared/domain/campaign-apportion';
import { TransportError } from '@/shared/transport/transport';
import {
  amountError,
  apportionDraft,
  type ApportionDraft,
  type ApportionErrors,
  apportionTotals,
  centsToInput,
  monthAfter,
  readApportionDraft,
  rowField,
  type ShareRow,
} from './apportion-draft';

export const NOT_SAVED_TEXT = 'The split was not saved. Please try again.';

export interface CampaignApportionEditorProps {
  item: CampaignApportion;
  leadSources: readonly Pick<LeadSource, 'id' | 'label' | 'active'>[];
  lookupsLoading: boolean;
  /** 'YYYY-MM': the month a new row starts on. */
  thisMonth: string;
  /** Saves; a rejection keeps everything typed and shows why. */
  onSave: (update: CampaignApportionUpdate) => Promise<void>;
  onCancel: () => void;
}

/**
 * One campaign's split (spec: issue #16 Campaign apportion): its total spend and rows of
 * (lead source, month, amount). The running total says live what is left to assign or
 * over; saving waits until the shares add up to the spend, to the cent.
 */
export function CampaignApportionEditor({
  item,
  leadSources,
  lookupsLoading,
  thisMonth,
  onSave,
  onCancel,
}: CampaignApportionEditorProps) {
  const headingId = useId();
  const statusId = useId();
  const options = apportionSourceOptions(item, leadSources);
  const sourceLabel = (id: string) => options.find((option) => option.id === id)?.label ?? id;
  const form = useApportionForm(item, thisMonth, onSave, sourceLabel);

  return (
    <form
      ref={form.formRef}
      className="ic-row-editor ic-apportion-editor"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void form.submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !form.saving) {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 className="ic-row-editor__title" id={headingId}>
        Apportion {item.campaign}
      </h3>
      <SpendField
        id={form.spendId}
        value={form.draft.spend}
        error={form.errors.spend ?? amountError(form.draft.spend)}
        onChange={form.changeSpend}
      />

      <fieldset className="ic-apportion-editor__rows">
        <legend className="ic-apportion-editor__legend">Shares by lead source and month</legend>
        {form.draft.rows.length === 0 ? (
          <p className="ic-apportion-editor__empty">
            No shares yet. Add a row for each lead source and month the spend belongs to.
          </p>
        ) : (
          <div
            className="ic-apportion-editor__row ic-apportion-editor__row--head"
            aria-hidden="true"
          >
            <span>Lead source</span>
            <span>Month</span>
            <span>Amount</span>
            <span />
          </div>
        )}
        {form.draft.rows.map((row, index) => (
          <ShareRowFields
            key={row.key}
            row={row}
            index={index}
            errors={form.errors}
            options={options}
            lookupsLoading={lookupsLoading}
            saving={form.saving}
            onChange={(field, value) => form.changeRow(row.key, field, value)}
            onRemove={() => form.removeRow(row.key)}
          />
        ))}
        <div>
          <Button
            ref={form.addRef}
            disabled={form.saving || form.draft.rows.length >= 600}
            onClick={form.addRow}
          >
            Add a row
          </Button>
        </div>
      </fieldset>

      <ApportionTotals totals={form.totals} statusId={statusId} />

      <div className="ic-apportion-editor__actions">
        {form.failure || form.errors.form ? (
          <p className="ic-apportion-editor__failed" role="alert">
            {form.failure ?? form.errors.form}
          </p>
        ) : form.totals.blocker ? (
          <p className="ic-apportion-editor__blocker" id={`${statusId}-blocker`}>
            {form.totals.blocker}
          </p>
        ) : null}
        <Button variant="ghost" disabled={form.saving} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={form.saving || form.totals.blocker !== null}
          aria-describedby={form.totals.blocker ? `${statusId}-blocker` : undefined}
        >
          {form.saving ? 'Saving…' : 'Save split'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The lead sources a row offers: the workspace's visible sources, plus any a stored share
 * names that the lookup does not list (so opening the editor never drops a share by itself).
 */
function apportionSourceOptions(
  item: CampaignApportion,
  leadSources: CampaignApportionEditorProps['leadSources'],
): SourceOption[] {
  return [
    ...leadSources.map((source) => ({
      id: source.id,
      label: source.active ? source.label : `${source.label} (inactive)`,
    })),
    ...item.shares
      .filter((share) => !leadSources.some((source) => source.id === share.leadSourceId))
      .filter(
        (share, index, list) =>
          list.findIndex((s) => s.leadSourceId === share.leadSourceId) === index,
      )
      .map((share) => ({ id: share.leadSourceId, label: share.leadSource })),
  ];
}

interface SourceOption {
  id: string;
  label: string;
}

/**
 * The editor's state and handlers: the draft and its errors, where the focus goes after
 * adding or removing a row or a refused save, and the save itself.
 */
function useApportionForm(
  item: CampaignApportion,
  thisMonth: string,
  onSave: CampaignApportionEditorProps['onSave'],
  sourceLabel: (id: string) => string,
) {
  const counter = useRef(0);
  const nextKey = () => `row${++counter.current}`;
  const [draft, setDraft] = useState<ApportionDraft>(() =>
    apportionDraft(item, nextKey, thisMonth),
  );
  const [errors, setErrors] = useState<ApportionErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState(0);
  const [focusTarget, setFocusTarget] = useState<string | null>('spend');
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const spendId = useId();
  const totals = apportionTotals(draft);

  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  useEffect(() => {
    if (focusTarget === null) return;
    const target =
      focusTarget === 'add'
        ? addRef.current
        : focusTarget === 'spend'
          ? document.getElementById(spendId)
          : formRef.current?.querySelector<HTMLElement>(`[data-row="${focusTarget}"] select`);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget, spendId]);

  function clear(...fields: string[]) {
    setFailure(null);
    setErrors((current) => {
      if (!fields.some((field) => field in current) && !('form' in current)) return current;
      const next = { ...current };
      for (const field of [...fields, 'form']) delete next[field];
      return next;
    });
  }

  function changeRow(key: string, field: 'leadSourceId' | 'month' | 'amount', value: string) {
    setDraft((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    }));
    // A duplicate is reported on the month: changing either side may resolve it.
    clear(rowField(key, field), ...(field === 'leadSourceId' ? [rowField(key, 'month')] : []));
  }

  function addRow() {
    const last = draft.rows[draft.rows.length - 1];
    const left = totals.differenceCents;
    const row: ShareRow = {
      key: nextKey(),
      leadSourceId: last?.leadSourceId ?? item.leadSourceId ?? '',
      // The same source's next month: the usual way a campaign runs on.
      month: last ? monthAfter(last.month) : thisMonth,
      // What is left to assign, so a last row completes the split.
      amount: left !== null && left > 0 && totals.unreadableAmounts === 0 ? centsToInput(left) : '',
    };
    setDraft((current) => ({ ...current, rows: [...current.rows, row] }));
    setFocusTarget(row.key);
    clear();
  }

  function removeRow(key: string) {
    const index = draft.rows.findIndex((row) => row.key === key);
    const rest = draft.rows.filter((row) => row.key !== key);
    setDraft((current) => ({ ...current, rows: current.rows.filter((row) => row.key !== key) }));
    const next = rest[index] ?? rest[index - 1];
    setFocusTarget(next ? next.key : 'add');
    clear(rowField(key, 'leadSourceId'), rowField(key, 'month'), rowField(key, 'amount'));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (totals.blocker || saving) return;
    const reading = readApportionDraft(draft, sourceLabel);
    if (!reading.ok) {
      setErrors(reading.errors);
      setRefused((count) => count + 1);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(reading.request);
    } catch (error) {
      const reason = TransportError.from(error);
      setFailure(
        reason.status >= 400 && reason.status < 500 && reason.serverMessage
          ? reason.serverMessage
          : NOT_SAVED_TEXT,
      );
      setSaving(false);
    }
  }

  function changeSpend(spend: string) {
    setDraft((current) => ({ ...current, spend }));
    clear('spend');
  }

  return {
    draft,
    errors,
    saving,
    failure,
    totals,
    formRef,
    addRef,
    spendId,
    changeSpend,
    changeRow,
    addRow,
    removeRow,
    submit,
  };
}

/** Where the running total stands: the totals' data-state. */
function totalsState(differenceCents: number | null) {
  return differenceCents === null
    ? 'unknown'
    : differenceCents === 0
      ? 'balanced'
      : differenceCents > 0
        ? 'left'
        : 'over';
}

/** The campaign's total spend, in dollars. */
function SpendField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (spend: string) => void;
}) {
  return (
    <AddonField
      id={id}
      label="Total spend"
      help="What the campaign cost, in dollars. Enter 0 with no rows to clear its split."
      required
      error={error}
      className="ic-apportion-editor__spend"
      prefix="$"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onValueChange={onChange}
    />
  );
}

interface ShareRowFieldsProps {
  row: ShareRow;
  index: number;
  errors: ApportionErrors;
  options: SourceOption[];
  lookupsLoading: boolean;
  saving: boolean;
  onChange: (field: 'leadSourceId' | 'month' | 'amount', value: string) => void;
  onRemove: () => void;
}

/** One share: its lead source, month and amount, and Remove. */
function ShareRowFields({
  row,
  index,
  errors,
  options,
  lookupsLoading,
  saving,
  onChange,
  onRemove,
}: ShareRowFieldsProps) {
  return (
    <div
      className="ic-apportion-editor__row"
      data-row={row.key}
      role="group"
      aria-label={`Row ${index + 1}`}
    >
      <SelectField
        label={`Row ${index + 1} lead source`}
        labelHidden
        error={errors[rowField(row.key, 'leadSourceId')]}
        value={row.leadSourceId}
        onValueChange={(value) => onChange('leadSourceId', value)}
        placeholder={lookupsLoading ? 'Loading lead sources…' : 'Choose a lead source'}
        options={options.map((option) => ({ value: option.id, label: option.label }))}
      />
      <TextField
        label={`Row ${index + 1} month`}
        labelHidden
        error={errors[rowField(row.key, 'month')]}
        value={row.month}
        placeholder="YYYY-MM"
        maxLength={7}
        autoComplete="off"
        spellCheck={false}
        onValueChange={(value) => onChange('month', value)}
      />
      <AddonField
        label={`Row ${index + 1} amount`}
        labelHidden
        error={errors[rowField(row.key, 'amount')] ?? amountError(row.amount)}
        prefix="$"
        inputMode="decimal"
        autoComplete="off"
        value={row.amount}
        onValueChange={(value) => onChange('amount', value)}
      />
      <Button
        variant="ghost"
        className="ic-apportion-editor__remove"
        aria-label={`Remove row ${index + 1}`}
        disabled={saving}
        onClick={onRemove}
      >
        Remove
      </Button>
    </div>
  );
}

/** The running total: what is assigned of the spend, and what is left or over. */
function ApportionTotals({
  totals,
  statusId,
}: {
  totals: ReturnType<typeof apportionTotals>;
  statusId: string;
}) {
  return (
    <div className="ic-apportion-editor__totals" data-state={totalsState(totals.differenceCents)}>
      <p className="ic-apportion-editor__sum">
        Assigned {formatDollars(totals.assignedCents)}
        {totals.spendCents === null ? null : ` of ${formatDollars(totals.spendCents)}`}
      </p>
      <p className="ic-apportion-editor__status" id={statusId} aria-live="polite">
        {totals.status}
      </p>
    </div>
  );
}
