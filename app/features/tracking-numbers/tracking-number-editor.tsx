import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft } from '@/app/components/field/use-checked-draft';
import type { TrackingNumber } from '@/shared/contracts/call-tracking';
import type { Campaign, LeadSource } from '@/shared/contracts/lookups';
import type { TrackingNumberUpdate } from '@/shared/contracts/workspace-settings';
import { TransportError } from '@/shared/transport/transport';
import {
  campaignsFor,
  readTrackingNumberDraft,
  trackingNumberDraft,
  type TrackingNumberDraft,
} from './tracking-number-draft';

export const NOT_SAVED_TEXT = 'The tracking number was not saved. Please try again.';

export interface TrackingNumberEditorProps {
  number: TrackingNumber;
  leadSources: readonly Pick<LeadSource, 'id' | 'label' | 'active'>[];
  campaigns: readonly Pick<Campaign, 'id' | 'label' | 'active' | 'leadSourceId'>[];
  /** The pickers' lists are still loading. */
  lookupsLoading: boolean;
  /** Saves; a rejection keeps everything typed and shows why beside the buttons. */
  onSave: (update: TrackingNumberUpdate) => Promise<void>;
  onCancel: () => void;
}

interface Option {
  id: string;
  label: string;
}

/**
 * The options of a picker: the lookup's items (inactive ones marked), plus the number's
 * current choice when the lookup does not list it (a Test or removed source), so opening
 * the editor never changes an assignment by itself.
 */
function pickerOptions(
  items: readonly { id: string; label: string; active: boolean }[],
  current: { id: string; name: string } | null,
): Option[] {
  const options = items.map((item) => ({
    id: item.id,
    label: item.active ? item.label : `${item.label} (inactive)`,
  }));
  if (current && !options.some((option) => option.id === current.id)) {
    options.unshift({ id: current.id, label: current.name });
  }
  return options;
}

/** Settings > Tracking Numbers: one number's label, lead source and campaign. */
export function TrackingNumberEditor({
  number,
  leadSources,
  campaigns,
  lookupsLoading,
  onSave,
  onCancel,
}: TrackingNumberEditorProps) {
  const headingId = useId();
  const labelRef = useRef<HTMLInputElement>(null);
  const sourceOptions = useMemo(
    () => pickerOptions(leadSources, number.leadSource),
    [leadSources, number.leadSource],
  );
  const allCampaigns = useMemo(
    () => [
      // Campaigns of a hidden (Test) source are not offered: choosing one would pick a
      // source the lead-source list does not show.
      ...campaigns.filter(
        (campaign) =>
          campaign.leadSourceId === null ||
          campaign.id === number.campaign?.id ||
          sourceOptions.some((option) => option.id === campaign.leadSourceId),
      ),
      // The number's campaign when the lookup does not list it: offered, of no source.
      ...(number.campaign && !campaigns.some((c) => c.id === number.campaign?.id)
        ? [{ ...number.campaign, label: number.campaign.name, active: true, leadSourceId: null }]
        : []),
    ],
    [campaigns, number.campaign, sourceOptions],
  );
  const sourceLabel = (id: string) => sourceOptions.find((option) => option.id === id)?.label ?? id;
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    TrackingNumberDraft,
    TrackingNumberUpdate,
    Partial<Record<keyof TrackingNumberDraft, string>>
  >(trackingNumberDraft(number), (value) =>
    readTrackingNumberDraft(value, allCampaigns, sourceLabel),
  );
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const campaignOptions = pickerOptions(campaignsFor(allCampaigns, draft.leadSourceId), null);

  useEffect(() => {
    labelRef.current?.focus();
  }, []);

  function changeCampaign(campaignId: string) {
    const campaign = allCampaigns.find((item) => item.id === campaignId);
    // A campaign of a source brings its source along (the server's attribution rule).
    if (campaign?.leadSourceId) {
      update('campaignId', campaignId, { leadSourceId: campaign.leadSourceId });
    } else {
      update('campaignId', campaignId);
    }
    setFailure(null);
  }

  function changeSource(leadSourceId: string) {
    const campaign = allCampaigns.find((item) => item.id === draft.campaignId);
    // A campaign of another source cannot stay: it would count the calls twice.
    const keepCampaign = !campaign?.leadSourceId || campaign.leadSourceId === leadSourceId;
    update('leadSourceId', leadSourceId, keepCampaign ? undefined : { campaignId: '' });
    setFailure(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = check();
    if (!request) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(request);
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

  return (
    <form
      ref={formRef}
      className="ic-row-editor ic-tracking-editor"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 className="ic-row-editor__title" id={headingId}>
        Edit {number.formatted}
      </h3>
      <div className="ic-tracking-editor__fields">
        <TextField
          label="Label"
          help="What agents see when they choose a number to call from."
          required
          error={errors.label}
          ref={labelRef}
          value={draft.label}
          maxLength={200}
          autoComplete="off"
          onValueChange={(value) => {
            update('label', value);
            setFailure(null);
          }}
        />
        <SelectField
          label="Lead source"
          help="Calls on this number count for this lead source."
          error={errors.leadSourceId}
          value={draft.leadSourceId}
          onValueChange={(value) => changeSource(value)}
          placeholder={lookupsLoading ? 'Loading lead sources…' : 'No lead source'}
          options={sourceOptions.map((option) => ({ value: option.id, label: option.label }))}
        />
        <SelectField
          label="Campaign"
          help="Only campaigns of the chosen lead source, or of none, are listed."
          error={errors.campaignId}
          value={draft.campaignId}
          onValueChange={(value) => changeCampaign(value)}
          placeholder={lookupsLoading ? 'Loading campaigns…' : 'No campaign'}
          options={campaignOptions.map((option) => ({ value: option.id, label: option.label }))}
        />
      </div>
      <div className="ic-tracking-editor__actions">
        {failure ? (
          <p className="ic-tracking-editor__failed" role="alert">
            {failure}
          </p>
        ) : null}
        <Button variant="ghost" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save number'}
        </Button>
      </div>
    </form>
  );
}
