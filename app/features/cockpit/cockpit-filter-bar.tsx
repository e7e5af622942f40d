import { Button } from '@/app/components/button/button';
import {
  DateRangeFields,
  isDateRangeValid,
  type DateRangeValue,
} from '@/app/components/date-range-fields/date-range-fields';
import { MultiSelect, type MultiSelectOption } from '@/app/components/multi-select/multi-select';
import './cockpit-filter-bar.css';

export interface CockpitFilterBarProps {
  leadSourceOptions: readonly MultiSelectOption[];
  leadSources: readonly string[];
  onLeadSourcesChange: (ids: string[]) => void;
  range: DateRangeValue;
  onRangeChange: (range: DateRangeValue) => void;
  /** Some card is loading: Save waits (spec: dashboards 2.3, 5). */
  loading: boolean;
  onSave: () => void;
  today?: Date;
}

/**
 * The cockpit's filter bar (spec: dashboards 2.3, 5): lead sources, the required start
 * and end dates (MM/DD/YYYY, start ≤ end ≤ today), and Save, disabled while loading.
 */
export function CockpitFilterBar({
  leadSourceOptions,
  leadSources,
  onLeadSourcesChange,
  range,
  onRangeChange,
  loading,
  onSave,
  today,
}: CockpitFilterBarProps) {
  const valid = isDateRangeValid(range, today);
  return (
    <form
      className="ic-cockpit-filter"
      aria-label="Cockpit filter"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !loading) onSave();
      }}
    >
      <MultiSelect
        className="ic-cockpit-filter__sources"
        label="Lead sources"
        options={leadSourceOptions}
        selected={leadSources}
        onChange={onLeadSourcesChange}
        placeholder="All lead sources"
      />
      <div className="ic-cockpit-filter__dates">
        <DateRangeFields value={range} onChange={onRangeChange} today={today} />
      </div>
      <Button
        type="submit"
        variant="primary"
        className="ic-cockpit-filter__save"
        disabled={loading || !valid}
      >
        Save
      </Button>
    </form>
  );
}
