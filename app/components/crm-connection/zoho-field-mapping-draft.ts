import type { DraftReading } from '@/app/components/field/use-checked-draft';
import { type ZohoFieldMapping, zohoFieldMappingSchema } from '@/shared/contracts/crm-connection';
import { DEFAULT_ZOHO_FIELDS, ZOHO_MAPPING_LABELS } from '@/shared/domain/zoho-field-mapping';

// The field mapping form as typed (issue #33): one row per field of ours, its Zoho field's
// API name and whether it is sent at all; read back through the server's own contract.

/** `contact.firstName`, `note.title`, …: one row of the form. */
export type MappingKey = `${keyof ZohoFieldMapping & string}.${string}`;

export interface MappingRow {
  /** The Zoho field's API name as typed (kept while "sent" is off, to come back to). */
  name: string;
  sent: boolean;
}

export type MappingDraft = Record<MappingKey, MappingRow>;
export type MappingErrors = Partial<Record<MappingKey, string>>;

/** The form's rows in order: kind, its title, and each field's key and label. */
export const MAPPING_SECTIONS = (
  Object.keys(ZOHO_MAPPING_LABELS) as (keyof ZohoFieldMapping)[]
).map((kind) => ({
  kind,
  title: ZOHO_MAPPING_LABELS[kind].title,
  rows: Object.entries(ZOHO_MAPPING_LABELS[kind].fields).map(([field, label]) => ({
    key: `${kind}.${field}` as MappingKey,
    label: label as string,
    defaultName: (DEFAULT_ZOHO_FIELDS[kind] as Record<string, string | null>)[field] ?? '',
  })),
}));

/** The draft of a mapping: a field not sent keeps its default name to come back to. */
export function mappingDraftOf(mapping: ZohoFieldMapping): MappingDraft {
  const draft: Partial<MappingDraft> = {};
  for (const section of MAPPING_SECTIONS) {
    const fields = mapping[section.kind] as Record<string, string | null>;
    for (const row of section.rows) {
      const name = fields[row.key.split('.')[1]!] ?? null;
      draft[row.key] = { name: name ?? row.defaultName, sent: name !== null };
    }
  }
  return draft as MappingDraft;
}

/** The mapping the server's contract accepts, or its words beside each field. */
export function readMappingDraft(
  draft: MappingDraft,
): DraftReading<ZohoFieldMapping, MappingErrors> {
  const mapping: Record<string, Record<string, string | null>> = {};
  for (const section of MAPPING_SECTIONS) {
    mapping[section.kind] = {};
    for (const row of section.rows) {
      const typed = draft[row.key];
      mapping[section.kind]![row.key.split('.')[1]!] = typed?.sent ? typed.name : null;
    }
  }
  const parsed = zohoFieldMappingSchema.safeParse(mapping);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: MappingErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.slice(0, 2).join('.') as MappingKey;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
