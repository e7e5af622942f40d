import { useCallback } from 'react';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { downloadBlob } from '@/app/reports/exports/run-export';
import { fetchProcessDefinition } from '@/shared/api/call-flow';
import {
  fetchProcessDraft,
  saveProcessDraft,
  setProcessArchived,
} from '@/shared/api/call-flow-designer';
import type { ProcessDesign } from '@/shared/contracts/call-flow-api';
import { copyOfProcess, processFileName } from '@/shared/call-flow/process-file';
import { agentsProcessesKey, designerKeys } from './designer-queries';

// The designer list's writes (issue #34): a new process, a duplicate or an import saved as
// a draft (the first save of a process's draft: revision 0), an archive or its undoing;
// each refreshes the designer's list (and the agents' list where what they may start
// changed). Export reads the definition and downloads it; it changes nothing.

/** A definition as the designer edits it, or the published one when there is no draft. */
async function currentDefinition(
  api: ReturnType<typeof useHost>['api'],
  workspaceId: string,
  design: ProcessDesign,
): Promise<Record<string, unknown>> {
  if (design.draftRevision !== null) {
    const draft = await fetchProcessDraft(api, workspaceId, design.id);
    if (draft) return draft.definition;
  }
  return fetchProcessDefinition(api, workspaceId, design.id);
}

export function useDesignerActions(workspaceId: string, designs: readonly ProcessDesign[]) {
  const { api } = useHost();
  const scope = useQueryScope();
  const list = designerKeys.list(scope, workspaceId);

  /** Saves `definition` as the first draft of a new process; answers its id. */
  const draft = useMutateAndInvalidate(
    async (definition: Record<string, unknown>) => {
      const uid = String(definition.uid);
      const outcome = await saveProcessDraft(api, workspaceId, uid, definition, 0);
      if (!outcome.saved) {
        throw new Error(
          `A process with the id ${uid} was started by ${outcome.theirs?.updatedBy ?? 'someone'} meanwhile. Try again: the copy takes another id.`,
        );
      }
      return uid;
    },
    { invalidates: () => [list] },
  );

  const archive = useMutateAndInvalidate(
    ({ uid, archived }: { uid: string; archived: boolean }) =>
      setProcessArchived(api, workspaceId, uid, archived),
    { invalidates: () => [list, agentsProcessesKey(scope, workspaceId)] },
  );

  const taken = useCallback(
    () => ({
      takenIds: new Set(designs.map((design) => design.id)),
      takenNames: new Set(designs.map((design) => design.name)),
    }),
    [designs],
  );

  const duplicate = useCallback(
    async (design: ProcessDesign) => {
      const definition = await currentDefinition(api, workspaceId, design);
      const copy = copyOfProcess(definition, {
        ...taken(),
        workspace: workspaceId,
        name: design.name,
        suffix: 'copy',
      });
      return draft.mutate(copy);
    },
    [api, workspaceId, taken, draft],
  );

  const importFile = useCallback(
    (definition: Record<string, unknown>, name: string) =>
      draft.mutate(copyOfProcess(definition, { ...taken(), workspace: workspaceId, name })),
    [taken, workspaceId, draft],
  );

  const exportFile = useCallback(
    async (design: ProcessDesign) => {
      const definition = await currentDefinition(api, workspaceId, design);
      const version = design.draftRevision === null ? design.version : null;
      const text = `${JSON.stringify(definition, null, 2)}\n`;
      downloadBlob(
        new Blob([text], { type: 'application/json' }),
        processFileName(design.name, version),
      );
    },
    [api, workspaceId],
  );

  return {
    create: draft.mutate,
    duplicate,
    importFile,
    exportFile,
    setArchived: archive.mutate,
    busy: draft.pending || archive.pending,
  };
}
