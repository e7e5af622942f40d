/**
 * A lead source's medium ("cpc", "social") as people read a channel's name (issue #15 and
 * #30): the Marketing Plan's channel rows and Lead Source Ranking's Channel column both
 * use it, so no screen shows a raw code.
 */

/** Channel mediums that are abbreviations, read letter by letter ('cpc' → 'CPC', not 'Cpc'). */
const ABBREVIATED_CHANNELS = new Set(['cpc', 'ppc', 'sem', 'seo', 'sms', 'tv']);

/** A lead-source medium as a channel's name: 'social' → 'Social', 'cpc' → 'CPC'. */
export function channelLabel(medium: string): string {
  if (ABBREVIATED_CHANNELS.has(medium.toLowerCase())) return medium.toUpperCase();
  return medium.charAt(0).toUpperCase() + medium.slice(1);
}
