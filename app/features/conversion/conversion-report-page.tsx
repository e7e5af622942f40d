import { Page } from '@/app/components/page/page';
import { ConversionReportScreen } from './conversion-report-screen';

/** /app/perspectives — the contact-lead conversion report (spec: dashboards 2.1, 2.7). */
export function ConversionReportPage() {
  return (
    <Page
      eyebrow="Dashboards"
      title="Lead Conversion"
      description="How your leads convert, seen by snapshot or by conversion: pick a card to see its contacts."
    >
      <ConversionReportScreen />
    </Page>
  );
}
