import { useEffect, useId, useRef, useState } from 'react';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import {
  formatDisplayDay,
  parseDisplayDay,
  toIsoDay,
  validateDateRange,
  type DateRangeErrors,
} from '@/shared/domain/date-range';
import './date-range-fields.css';

/** ISO days (YYYY-MM-DD); '' for a side that is empty or not a real day yet. */
export interface DateRangeValue {
  startDate: string;
  endDate: string;
}

export interface DateRangeFieldsProps {
  value: DateRangeValue;
  onChange: (next: DateRangeValue) => void;
  disabled?: boolean;
  /** "Today" for the end date's maximum (tests pin it). */
  today?: Date;
  startLabel?: string;
  endLabel?: string;
  /** Lay the two fields side by side (default) or one above the other. */
  layout?: 'row' | 'column';
}

const FORMAT_ERROR = 'Use the format MM/DD/YYYY.';

/**
 * The rules of spec dashboards 5 on a value: both dates required, start max = end, end
 * min = start, end max = today. Empty object = valid. Use it to disable Apply / Save.
 */
function dateRangeErrors(value: DateRangeValue, today: Date = new Date()): DateRangeErrors {
  return validateDateRange(value, today);
}

export function isDateRangeValid(value: DateRangeValue, today: Date = new Date()): boolean {
  return Object.keys(dateRangeErrors(value, today)).length === 0;
}

/**
 * Start and end date fields (spec: dashboards 2.3, 2.9, 5, 9 — MM/DD/YYYY, both required,
 * start max = end, end min = start, end max = today). Stable API, shared with the cockpit:
 *
 *   const [range, setRange] = useState(defaultReportRange());
 *   <DateRangeFields value={range} onChange={setRange} disabled={loading} />
 *   <Button disabled={loading || !isDateRangeValid(range)}>Save</Button>
 *
 * - Controlled with ISO days. While a field holds text that is not a full MM/DD/YYYY day,
 *   that side is reported as '' (so the range is invalid and Apply stays disabled).
 * - Each field shows its own message (required, format, start after end, end after
 *   today) with aria-invalid / aria-describedby.
 * - The calendar button opens the browser's date picker bounded by the same min / max.
 */
export function DateRangeFields({
  value,
  onChange,
  disabled = false,
  today = new Date(),
  startLabel = 'Start date',
  endLabel = 'End date',
  layout = 'row',
}: DateRangeFieldsProps) {
  const todayIso = toIsoDay(today);
  const errors = dateRangeErrors(value, today);
  return (
    <div className={`ic-date-range ic-date-range--${layout}`} role="group" aria-label="Date range">
      <DayField
        label={startLabel}
        iso={value.startDate}
        min={undefined}
        max={value.endDate || todayIso}
        error={errors.startDate}
        disabled={disabled}
        onChange={(startDate) => onChange({ ...value, startDate })}
      />
      <DayField
        label={endLabel}
        iso={value.endDate}
        min={value.startDate || undefined}
        max={todayIso}
        error={errors.endDate}
        disabled={disabled}
        onChange={(endDate) => onChange({ ...value, endDate })}
      />
    </div>
  );
}

interface DayFieldProps {
  label: string;
  iso: string;
  min: string | undefined;
  max: string | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (iso: string) => void;
}

function DayField({ label, iso, min, max, error, disabled, onChange }: DayFieldProps) {
  const id = useId();
  const [text, setText] = useState(() => formatDisplayDay(iso));
  const pickerRef = useRef<HTMLInputElement>(null);

  // Follow the value when it changes from outside (Clear, a stored filter), but never
  // overwrite what the user is still typing.
  useEffect(() => {
    setText((current) =>
      (parseDisplayDay(current) ?? '') === iso ? current : formatDisplayDay(iso),
    );
  }, [iso]);

  const formatError =
    text.trim() !== '' && parseDisplayDay(text) === null ? FORMAT_ERROR : undefined;
  const message = formatError ?? error;

  function openPicker() {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      picker.focus();
    }
  }

  return (
    <Field label={label} error={message} id={`${id}-text`}>
      {(control) => (
        <div className={fieldClassNames.group}>
          <input
            {...control}
            // ic-date-range__input: the end-to-end tests find the typed field by it.
            className={`${fieldClassNames.groupInput} ic-date-range__input`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="MM/DD/YYYY"
            maxLength={10}
            value={text}
            disabled={disabled}
            required
            onChange={(event) => {
              const next = event.target.value;
              setText(next);
              onChange(parseDisplayDay(next) ?? '');
            }}
          />
          <button
            type="button"
            className="ic-date-range__picker-button"
            onClick={openPicker}
            disabled={disabled}
            aria-label={`Choose ${label.toLowerCase()} from a calendar`}
          >
            <Icon name="calendar" size="sm" />
          </button>
          <input
            ref={pickerRef}
            className="ic-date-range__native"
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            min={min}
            max={max}
            value={iso}
            disabled={disabled}
            onChange={(event) => {
              const next = event.target.value;
              setText(formatDisplayDay(next));
              onChange(next);
            }}
          />
        </div>
      )}
    </Field>
  );
}
