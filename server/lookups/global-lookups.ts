import type { Country, Language, Region, Timezone } from '@/shared/contracts/lookups';
import type { Edition, RoleItem } from '@/shared/contracts/roles';

/**
 * Global lookups (spec: session 3 "Global lookups"): the same for every workspace and
 * changed only with a release, so they are constants rather than tables.
 */

export const ROLE_ITEMS: readonly RoleItem[] = [
  { key: 'owner', label: 'Owner' },
  { key: 'admin', label: 'Admin' },
  { key: 'operator', label: 'Operator' },
  { key: 'consultant', label: 'Consultant' },
  { key: 'system', label: 'System' },
];

/** spec: dashboards 3 Edition — ranks starter 1 < professional 2 < enterprise 3. */
export const EDITION_ITEMS: readonly Edition[] = [
  { key: 'starter', label: 'Starter', accessLevel: 1 },
  { key: 'professional', label: 'Professional', accessLevel: 2 },
  { key: 'enterprise', label: 'Enterprise', accessLevel: 3 },
];

/** spec: session 2 Top bar — a language menu, English only; session 9 default language en. */
export const LANGUAGES: readonly Language[] = [{ key: 'en', label: 'English' }];

export const TIMEZONES: readonly Timezone[] = [
  { key: 'America/New_York', label: 'Eastern Time (US & Canada)' },
  { key: 'America/Chicago', label: 'Central Time (US & Canada)' },
  { key: 'America/Denver', label: 'Mountain Time (US & Canada)' },
  { key: 'America/Phoenix', label: 'Arizona' },
  { key: 'America/Los_Angeles', label: 'Pacific Time (US & Canada)' },
  { key: 'America/Anchorage', label: 'Alaska' },
  { key: 'Pacific/Honolulu', label: 'Hawaii' },
  { key: 'America/Puerto_Rico', label: 'Atlantic Time (Puerto Rico)' },
  { key: 'America/Halifax', label: 'Atlantic Time (Canada)' },
  { key: 'America/St_Johns', label: 'Newfoundland' },
  { key: 'America/Mexico_City', label: 'Mexico City' },
  { key: 'America/Bogota', label: 'Bogota' },
  { key: 'America/Sao_Paulo', label: 'Brasilia' },
  { key: 'UTC', label: 'Coordinated Universal Time' },
  { key: 'Europe/London', label: 'London' },
  { key: 'Europe/Madrid', label: 'Madrid' },
  { key: 'Europe/Berlin', label: 'Berlin' },
  { key: 'Asia/Manila', label: 'Manila' },
  { key: 'Asia/Kolkata', label: 'India Standard Time' },
  { key: 'Australia/Sydney', label: 'Sydney' },
];

export const COUNTRIES: readonly Country[] = [
  { key: 'US', label: 'United States' },
  { key: 'CA', label: 'Canada' },
  { key: 'MX', label: 'Mexico' },
  { key: 'PR', label: 'Puerto Rico' },
  { key: 'GB', label: 'United Kingdom' },
  { key: 'PH', label: 'Philippines' },
  { key: 'IN', label: 'India' },
  { key: 'CO', label: 'Colombia' },
  { key: 'BR', label: 'Brazil' },
  { key: 'ES', label: 'Spain' },
  { key: 'DE', label: 'Germany' },
  { key: 'AU', label: 'Australia' },
];

const US_REGIONS: ReadonlyArray<readonly [string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  // Territories and military codes: the postal check of spec dashboards 7 knows them too.
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
  ['AA', 'Armed Forces Americas'],
  ['AE', 'Armed Forces Europe'],
  ['AP', 'Armed Forces Pacific'],
];

const CA_REGIONS: ReadonlyArray<readonly [string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

export const REGIONS: readonly Region[] = [
  ...US_REGIONS.map(([key, label]) => ({ key, label, country: 'US' })),
  ...CA_REGIONS.map(([key, label]) => ({ key, label, country: 'CA' })),
];
