import { Button } from '@/app/components/button/button';
import { ErrorView } from '@/app/components/error-view/error-view';
import { CheckField, TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { saveZohoFieldMapping } from '@/shared/api/crm-connection';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import type { ZohoFieldMapping } from '@/shared/contracts/crm-connection';
import { DEFAULT_ZOHO_FIELDS } from '@/shared/domain/zoho-field-mapping';
import { zohoFieldMappingKey, zohoFieldMappingQuery } from '@/shared/query/settings-queries';
import {
  MAPPING_SECTIONS,
  type MappingDraft,
  mappingDraftOf,
  readMappingDraft,
} from './zoho-field-mapping-draft';

export const MAPPING_SAVED_TEXT = 'Field mapping saved: new records use it.';

export interface ZohoFieldMappingFormProps {
  workspaceId: string;
  /** Owners and the system user change it; admins read it. */
  canEdit: boolean;
  onClose: () => void;
}

/**
 * Where the workspace's intake records put each of our fields in Zoho CRM (issue #33): per
 * kind of record, the Zoho field's API name (a standard or a custom field) or "not sent".
 * The fields Zoho requires always go to its own and are not listed. Checked as typed by the
 * server's contract; a refusal keeps everything typed.
 */
export function ZohoFieldMappingForm({ workspaceId, canEdit, onClose }: ZohoFieldMappingFormProps) {
  const { api } = useHost();
  const scope = useQueryScope();
  const current = useDataQuery(zohoFieldMappingQuery(scope, api, workspaceId));
  if (current.status === 'loading') return <LoadingBlock label="Loading the field mapping…" />;
  if (current.status === 'error' || !current.data) {
    return <ErrorView onRetry={current.retry} detail={current.detail ?? undefined} />;
  }
  return (
    <MappingForm
      workspaceId={workspaceId}
      mapping={current.data}
      canEdit={canEdit}
      onClose={onClose}
    />
  );
}

function MappingForm({
  workspaceId,
  mapping,
  canEdit,
  onClose,
}: ZohoFieldMappingFormProps & { mapping: ZohoFieldMapping }) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const { draft, errors, formRef, update, check, setDraft } = useCheckedDraft<
    MappingDraft,
    ZohoFieldMapping,
    Partial<Record<keyof MappingDraft, string>>
  >(mappingDraftOf(mapping), readMappingDraft);
  const write = useMutateAndInvalidate(
    (request: ZohoFieldMapping) => saveZohoFieldMapping(quietly(api), workspaceId, request),
    { invalidates: () => [zohoFieldMappingKey(scope, workspaceId)] },
  );
  const { submit, sending, failure } = useDraftSubmit(check, write.mutate, {
    onSent: () => {
      notify('success', MAPPING_SAVED_TEXT);
      onClose();
    },
    failureOf: refusalMessage,
  });

  return (
    <form
      ref={formRef}
      className="ic-connection__form"
      aria-label="Zoho CRM field mapping"
      noValidate
      onSubmit={submit}
    >
      <p className="ic-connection__help">
        Where each field of an intake record goes in Zoho CRM: a field’s API name as Zoho shows it
        (Setup › Developer Hub › APIs › API names), a custom one included. Last name, a note’s text,
        a call’s subject and times, and an event’s title and times always go to Zoho’s own fields.
      </p>
      {MAPPING_SECTIONS.map((section) => (
        <fieldset key={section.kind} className="ic-connection__mapping">
          <legend>{section.title}</legend>
          {section.rows.map((row) => {
            const typed = draft[row.key]!;
            return (
              <div key={row.key} className="ic-connection__mapping-row">
                <TextField
                  label={row.label}
                  name={row.key}
                  value={typed.name}
                  placeholder={row.defaultName}
                  error={errors[row.key]}
                  readOnly={!canEdit}
                  disabled={!typed.sent}
                  autoComplete="off"
                  spellCheck={false}
                  onValueChange={(name) => update(row.key, { ...typed, name })}
                />
                <CheckField
                  label="Sent"
                  checked={typed.sent}
                  disabled={!canEdit}
                  aria-label={`Send ${row.label.toLowerCase()} to Zoho`}
                  onCheckedChange={(sent) => update(row.key, { ...typed, sent })}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <FormFailure message={failure} />
      <div className="ic-connection__actions">
        <Button onClick={onClose}>{canEdit ? 'Cancel' : 'Close'}</Button>
        {canEdit ? (
          <>
            <Button onClick={() => setDraft(mappingDraftOf(DEFAULT_ZOHO_FIELDS))}>
              Zoho’s standard fields
            </Button>
            <Button type="submit" variant="primary" disabled={sending}>
              {sending ? 'Saving…' : 'Save field mapping'}
            </Button>
          </>
        ) : null}
      </div>
    </form>
  );
}
