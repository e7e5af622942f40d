import type { TrackingNumber } from '@/shared/contracts/call-tracking';
import type { Campaign } from '@/shared/contracts/lookups';
import {
  trackingNumberUpdateSchema,
  type TrackingNumberUpdate,
} from '@/shared/contracts/workspace-settings';

/** The editor as typed: '' for "none" in both pickers. */
export interface TrackingNumberDraft {
  label: string;
  leadSourceId: string;
  campaignId: string;
}

export type TrackingNumberDraftErrors = Partial<Record<keyof TrackingNumberDraft, string>>;

export function trackingNumberDraft(number: TrackingNumber): TrackingNumberDraft {
  return {
    label: number.label,
    leadSourceId: number.leadSource?.id ?? '',
    campaignId: number.campaign?.id ?? '',
  };
}

/**
 * Checks the draft with the contract the server checks (trackingNumberUpdateSchema) and
 * the server's attribution rule: a campaign that belongs to a lead source must come with
 * that lead source (else the call would count for two sources at once). The request to
 * send, or the errors by field in the form's own words.
 */
export function readTrackingNumberDraft(
  draft: TrackingNumberDraft,
  campaigns: readonly Pick<Campaign, 'id' | 'label' | 'leadSourceId'>[],
  sourceLabel: (id: string) => string,
): { ok: true; request: TrackingNumberUpdate } | { ok: false; errors: TrackingNumberDraftErrors } {
  const errors: TrackingNumberDraftErrors = {};
  const parsed = trackingNumberUpdateSchema.safeParse({
    label: draft.label,
    leadSourceId: draft.leadSourceId || null,
    campaignId: draft.campaignId || null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof TrackingNumberDraft | undefined;
      if (!field || errors[field]) continue;
      errors[field] =
        field === 'label'
          ? issue.code === 'too_big'
            ? 'Keep the label to 200 characters.'
            : 'Enter a label, such as "Google Ads line".'
          : 'Choose from the list.';
    }
  }
  const campaign = campaigns.find((item) => item.id === draft.campaignId);
  if (
    campaign &&
    campaign.leadSourceId !== null &&
    campaign.leadSourceId !== draft.leadSourceId &&
    !errors.campaignId
  ) {
    errors.campaignId = `${campaign.label} belongs to the lead source ${sourceLabel(campaign.leadSourceId)}: choose that lead source with it, or another campaign.`;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/**
 * The campaigns the picker offers for a lead source: those of that source and those of
 * no source (without a source chosen, every campaign: choosing one of a source picks its
 * source too).
 */
export function campaignsFor<T extends Pick<Campaign, 'leadSourceId'>>(
  campaigns: readonly T[],
  leadSourceId: string,
): T[] {
  if (!leadSourceId) return [...campaigns];
  return campaigns.filter(
    (campaign) => campaign.leadSourceId === null || campaign.leadSourceId === leadSourceId,
  );
}

/**
 * The numbers whose number, label, lead source or campaign contains every word typed,
 * case-insensitively; digits also match a number typed with other punctuation
 * ("512 555" or "(512) 555-01" find +1 512-555-0147).
 */
export function filterTrackingNumbers(
  numbers: readonly TrackingNumber[],
  text: string,
): TrackingNumber[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...numbers];
  const typedDigits = text.replace(/\D/g, '');
  return numbers.filter((number) => {
    const haystack = [
      number.formatted,
      number.number,
      number.label,
      number.leadSource?.name ?? '',
      number.campaign?.name ?? '',
    ]
      .join(' ')
      .toLowerCase();
    if (words.every((word) => haystack.includes(word))) return true;
    const digits = number.number.replace(/\D/g, '');
    return typedDigits.length >= 3 && /^[\d\s()+.-]+$/.test(text.trim())
      ? digits.includes(typedDigits)
      : false;
  });
}
