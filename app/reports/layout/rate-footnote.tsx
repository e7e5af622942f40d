/** One rate of a screen: what it counts over what (issue #30: "a footnote naming both"). */
export interface RateFootnoteItem {
  name: string;
  numerator: string;
  denominator: string;
}

export interface RateFootnoteProps {
  rates: readonly RateFootnoteItem[];
  /** Which people or period every count of the screen holds ("each source's own people…"). */
  scope?: string;
  'data-testid'?: string;
}

/**
 * The footnote under a report that names each rate's numerator and denominator
 * ("Hire rate = hires / leads"), so a manager can check any percent against the counts
 * beside it. Lead Source Ranking, Marketing Plan Essentials and Optimization Chart share it.
 */
export function RateFootnote({ rates, scope, 'data-testid': testId }: RateFootnoteProps) {
  const text = rates.map((rate) => `${rate.name} = ${rate.numerator} / ${rate.denominator}`);
  return (
    <p className="ic-report-toolbar__text ic-rate-footnote" data-testid={testId}>
      {text.join('; ')}
      {scope ? `, ${scope}` : ''}.
    </p>
  );
}
