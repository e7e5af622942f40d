import type { FormField, VariableValue } from '@/shared/contracts/call-flow';
import { addressLines, gridColumns, isAddressValue, isGridValue, valueText } from './value-text';

/**
 * One value an agent gave, readably (issue 11): a grid as a small table with its column
 * labels, an address on its lines, anything else as text with option labels.
 */
export function VariableValueView({ value, field }: { value: VariableValue; field?: FormField }) {
  if (isGridValue(value)) {
    const columns = gridColumns(value, field);
    return (
      <table className="ic-call-flow-values__grid">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.name} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {value.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column.name}>
                  {Object.hasOwn(row, column.name) ? valueText(row[column.name], column.field) : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (isAddressValue(value)) {
    const verified = Object.hasOwn(value, 'verified') ? value.verified : undefined;
    return (
      <address className="ic-call-flow-values__address">
        {addressLines(value).map((line, index) => (
          <span key={index}>{line}</span>
        ))}
        {verified === false ? (
          <span className="ic-call-flow-values__note">Not verified</span>
        ) : null}
      </address>
    );
  }
  const text = valueText(value, field);
  return text ? <>{text}</> : <span className="ic-call-flow-values__note">(empty)</span>;
}

export interface ValueRow {
  name: string;
  label: string;
  value: VariableValue;
  field?: FormField;
}

/** Values as a definition list: label, then the value (the step histories and the variables). */
export function VariableValues({ rows, empty }: { rows: ValueRow[]; empty: string }) {
  if (rows.length === 0) return <p className="ic-call-flow-values__note">{empty}</p>;
  return (
    <dl className="ic-call-flow-values">
      {rows.map((row) => (
        <div key={row.name} className="ic-call-flow-values__row">
          <dt>{row.label}</dt>
          <dd>
            <VariableValueView value={row.value} field={row.field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
