import { z } from 'zod';
import {
  MARKETING_CATEGORIES,
  type MarketingIntelligenceQuery,
} from '@/shared/contracts/reports/marketing-intelligence';

/**
 * Marketing Plan Essentials' filters (spec: dashboards 7 marketing-intelligence, 9
 * defaults practiceArea 2, category channels, source 1, months 12). The practice area is
 * 'all' or the workspace's n-th practice area (1-based), as the report takes it.
 */
export type MarketingCategory = (typeof MARKETING_CATEGORIES)[number];

export interface MarketingFilterState {
  practiceArea: string;
  category: MarketingCategory;
  /** '1' = every lead source (spec default), else a lead-source id. */
  source: string;
  months: number;
}

export const ALL_SOURCES = '1';
export const MARKETING_MONTH_CHOICES = [3, 6, 12, 24, 36] as const;

export const CATEGORY_LABELS: Record<MarketingCategory, string> = {
  channels: 'Channels',
  sources: 'Lead sources',
  campaigns: 'Campaigns',
};

/** One group's name in the table header and the chart legend. */
export const CATEGORY_SINGULAR: Record<MarketingCategory, string> = {
  channels: 'Channel',
  sources: 'Lead source',
  campaigns: 'Campaign',
};

/**
 * The defaults: the spec's (9: category channels, source 1, months 12), except the
 * practice area: every area, not the spec's "practiceArea 2" (issue #30: a plan opened on
 * one area, silently, misleads; the manager narrows it).
 */
export function defaultMarketingFilters(): MarketingFilterState {
  return {
    practiceArea: 'all',
    category: 'channels',
    source: ALL_SOURCES,
    months: 12,
  };
}

/**
 * Stored filters read back for this workspace; anything unreadable, or a practice area
 * the workspace no longer has, falls back to the defaults.
 */
export function parseStoredMarketingFilters(
  text: string | null,
  practiceAreaCount: number,
): MarketingFilterState {
  const defaults = defaultMarketingFilters();
  if (!text) return defaults;
  try {
    const parsed = z
      .object({
        practiceArea: z
          .string()
          .refine(
            (value) =>
              value === 'all' ||
              (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= practiceAreaCount),
          )
          .catch(defaults.practiceArea),
        category: z.enum(MARKETING_CATEGORIES).catch(defaults.category),
        source: z.string().min(1).max(64).catch(defaults.source),
        months: z.number().int().min(1).max(36).catch(defaults.months),
      })
      .safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}

export function marketingQueryOf(state: MarketingFilterState): MarketingIntelligenceQuery {
  return { ...state };
}
