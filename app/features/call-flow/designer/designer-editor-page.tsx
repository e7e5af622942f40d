import { useMemo, useRef, useState, type RefObject } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { HostLink } from '@/app/components/host-link/host-link';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { discardProcessDraft, publishProcessDraft } from '@/shared/api/call-flow-designer';
import {
  findStep,
  readDesignerModel,
  toDefinition,
  type DesignerModel,
} from '@/shared/call-flow/designer-model';
import type { DefinitionProblem } from '@/shared/contracts/call-flow';
import { formatWhen } from '../history-format';
import { CALL_FLOWS_PATHS } from '../call-flows-nav';
import {
  agentsProcessesKey,
  designerKeys,
  processInDesignerQuery,
  type ProcessInDesigner,
} from './designer-queries';
import { FlowMap } from './flow-map';
import { ProcessSettings } from './process-settings';
import { StepList } from './step-list';
import { StepPanel } from './step-panel';
import { TestRunPanel } from './test-run';
import { VersionsPanel } from './versions-panel';
import { useDesignerWorkspace } from './designer-workspace';
import { useDesignerDraft, type DesignerDraft, type DraftSaveStatus } from './use-designer-draft';
import './designer-editor-page.css';

const SAVE_STATUS_TEXT: Record<DraftSaveStatus, string> = {
  saved: 'Draft saved',
  unsaved: 'Changes not saved yet',
  saving: 'Saving…',
  failed: 'Not saved: trying again',
  conflict: 'Saved by someone else meanwhile',
};

/**
 * A process in the designer (issue #34): its draft (or its published version, until the
 * first change makes a draft), as a step list, a map and the open step; what stands in the
 * way of publishing it, each problem a link to its step; publishing makes a new version.
 */
export function DesignerEditorPage() {
  const { uid = '' } = useParams();
  const { api } = useHost();
  const { workspace, pathTo, settled } = useDesignerWorkspace();
  // Bumped after a publish or a discard: the editor opens again on what the server has now.
  const [generation, setGeneration] = useState(0);
  const scope = useQueryScope();
  const loaded = useDataQuery(
    workspace && uid ? processInDesignerQuery(scope, api, workspace.id, uid) : null,
  );
  const back = (
    <HostLink to={pathTo(CALL_FLOWS_PATHS.designer)} className="ic-designer-editor__back">
      ← All processes
    </HostLink>
  );
  if (!workspace && settled) {
    // A system user's address without its workspace (or one that allows no call flows).
    return (
      <Page eyebrow="Call Flows · Designer" title="Process">
        {back}
        <Card>
          <p>Open the process from the designer&apos;s list of its workspace.</p>
        </Card>
      </Page>
    );
  }

  if (!workspace || loaded.status === 'loading' || !loaded.data) {
    return (
      <Page eyebrow="Call Flows · Designer" title="Process">
        {back}
        {loaded.status === 'error' ? (
          <ErrorView onRetry={loaded.retry} detail={loaded.detail ?? undefined} />
        ) : (
          <LoadingBlock label="Opening the process…" />
        )}
      </Page>
    );
  }
  return (
    <LoadedEditor
      key={`${uid}:${generation}`}
      uid={uid}
      workspaceId={workspace.id}
      loaded={loaded.data}
      onReopen={() => {
        // The editor opens again: the focus waits on the page's content rather than falling
        // to the body with the button that went (Publish, Discard, Restore; issue #30).
        document.activeElement?.closest<HTMLElement>('main[tabindex]')?.focus();
        setGeneration((value) => value + 1);
      }}
    />
  );
}

function LoadedEditor({
  uid,
  workspaceId,
  loaded: current,
  onReopen,
}: {
  uid: string;
  workspaceId: string;
  loaded: ProcessInDesigner;
  onReopen: () => void;
}) {
  // What the editor opened on: a later reload of the query (the page shown again) never
  // replaces what the owner is editing; a publish or a discard opens the editor again.
  const [loaded] = useState(current);
  const { pathTo } = useDesignerWorkspace();
  const read = useMemo(
    () => readDesignerModel(loaded.draft?.definition ?? loaded.published),
    [loaded],
  );
  if (!loaded.draft && !loaded.published) {
    return (
      <Page eyebrow="Call Flows · Designer" title="Process not found">
        <Card>
          <p>
            This workspace has no process {uid}: it may have been discarded before it was published.
          </p>
          <HostLink to={pathTo(CALL_FLOWS_PATHS.designer)}>Back to all processes</HostLink>
        </Card>
      </Page>
    );
  }
  if (!read.ok) {
    return (
      <Page eyebrow="Call Flows · Designer" title="This draft cannot be opened">
        <Card>
          <p>
            The draft of {uid} is not a process the designer can show ({read.message}). Export it
            from the list, correct the file and import it again, or discard the draft.
          </p>
          <HostLink to={pathTo(CALL_FLOWS_PATHS.designer)}>Back to all processes</HostLink>
        </Card>
      </Page>
    );
  }
  return (
    <Editor
      uid={uid}
      workspaceId={workspaceId}
      loaded={loaded}
      initial={read.model}
      revision={loaded.draft?.revision ?? 0}
      onReopen={onReopen}
    />
  );
}

function Editor({
  uid,
  workspaceId,
  loaded,
  initial,
  revision,
  onReopen,
}: {
  uid: string;
  workspaceId: string;
  loaded: ProcessInDesigner;
  initial: DesignerModel;
  revision: number;
  onReopen: () => void;
}) {
  const { workspace, pathTo } = useDesignerWorkspace();
  const draft = useDesignerDraft({ workspaceId, uid, model: initial, revision });
  const { model, change, problems } = draft;
  const [selected, setSelected] = useState<string | null>(model.steps[0]?.key ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const testRunButton = useRef<HTMLButtonElement>(null);
  const step = selected ? findStep(model, selected) : undefined;
  const problemSteps = useMemo(
    () => new Set(problems.flatMap((problem) => (problem.stepId ? [problem.stepId] : []))),
    [problems],
  );
  const timeZone = workspace?.attributes.timezone;
  const published = loaded.published;

  // A problem's link opens its step, and the field it is about (its settings focused).
  const [opening, setOpening] = useState<{ field: string | null; at: number }>({
    field: null,
    at: 0,
  });
  const goToProblem = (problem: DefinitionProblem) => {
    const target = model.steps.find((s) => s.id === problem.stepId);
    if (!target) return;
    setTesting(false);
    setSelected(target.key);
    const index = /^steps\.\d+\.dynaform\.fields\.(\d+)/.exec(problem.path)?.[1];
    const field = index === undefined ? undefined : target.form?.fields[Number(index)];
    setOpening((current) => ({ field: field?.key ?? null, at: current.at + 1 }));
  };

  const { onPublish, onDiscard, publishing, discarding } = usePublishing({
    draft,
    workspaceId,
    uid,
    published,
    onReopen,
    setFailure,
  });

  const hasDraft = draft.revision > 0;
  return (
    <Page
      eyebrow="Call Flows · Designer"
      title={model.process.name || uid}
      description={
        published
          ? `Version ${published.version ?? 1} is published: new calls run it. Your changes make a draft until you publish them.`
          : 'Not published yet: no call runs this process until you publish it.'
      }
      actions={
        <EditorActions
          draft={draft}
          testing={testing}
          testRunButton={testRunButton}
          onTest={() => setTesting(true)}
          publishing={publishing}
          discarding={discarding}
          onPublish={onPublish}
          onDiscard={onDiscard}
        />
      }
    >
      <HostLink to={pathTo(CALL_FLOWS_PATHS.designer)} className="ic-designer-editor__back">
        ← All processes
      </HostLink>
      <FormFailure message={failure ?? draft.failure} />
      {draft.status === 'conflict' ? <ConflictCard draft={draft} timeZone={timeZone} /> : null}
      <ProblemsCard problems={problems} onGoTo={goToProblem} />
      {testing ? (
        <Card>
          <TestRunPanel
            definition={toDefinition(model)}
            problems={problems.length}
            onClose={() => {
              setTesting(false);
              // Back where the test run was opened, not on the body (issue #30).
              testRunButton.current?.focus();
            }}
          />
        </Card>
      ) : (
        <div className="ic-designer-editor__layout">
          <div className="ic-designer-editor__side">
            <Card>
              <StepList
                model={model}
                selected={selected}
                onSelect={setSelected}
                change={change}
                problemSteps={problemSteps}
              />
            </Card>
            {published ? (
              <Card>
                <VersionsPanel
                  workspaceId={workspaceId}
                  uid={uid}
                  // Without a draft the editor shows what is published: the restored version.
                  onRestored={() => {
                    if (!hasDraft) onReopen();
                  }}
                />
              </Card>
            ) : null}
          </div>
          <div className="ic-designer-editor__main">
            <Card>
              <ProcessSettings model={model} change={change} />
            </Card>
            <FlowMap model={model} selected={selected} onSelect={setSelected} />
            <Card>
              {step ? (
                <StepPanel
                  key={`${step.key}:${opening.at}`}
                  model={model}
                  step={step}
                  openField={opening.field ?? undefined}
                  change={change}
                  onDeleted={() => {
                    setSelected(model.steps.find((s) => s.key !== step.key)?.key ?? null);
                    // The deleted step's panel went: the focus goes to the step shown now.
                    requestAnimationFrame(() =>
                      document.getElementById('ic-step-panel-title')?.focus(),
                    );
                  }}
                />
              ) : (
                <p className="ic-designer-editor__empty">Choose a step in the list to edit it.</p>
              )}
            </Card>
          </div>
        </div>
      )}
    </Page>
  );
}

/** The editor's bar: how the draft is saved, Test run, Discard draft and Publish. */
function EditorActions({
  draft,
  testing,
  testRunButton,
  onTest,
  publishing,
  discarding,
  onPublish,
  onDiscard,
}: {
  draft: DesignerDraft;
  testing: boolean;
  testRunButton: RefObject<HTMLButtonElement | null>;
  onTest: () => void;
  publishing: boolean;
  discarding: boolean;
  onPublish: () => Promise<void>;
  onDiscard: () => Promise<void>;
}) {
  const hasDraft = draft.revision > 0;
  const problems = draft.problems.length;
  return (
    <div className="ic-designer-editor__actions">
      <span
        className={`ic-designer-editor__save ic-designer-editor__save--${draft.status}`}
        role="status"
      >
        {draft.status === 'saved' && !hasDraft
          ? 'No unpublished changes'
          : SAVE_STATUS_TEXT[draft.status]}
      </span>
      {draft.status === 'failed' ? (
        <Button
          onClick={(event) => {
            // Saved, the button goes: the focus waits on the page's content (issue #30).
            const main = event.currentTarget.closest<HTMLElement>('main[tabindex]');
            void draft.saveNow().then((at) => {
              if (at !== null) main?.focus();
            });
          }}
        >
          Save now
        </Button>
      ) : null}
      <Button ref={testRunButton} onClick={onTest} aria-pressed={testing}>
        Test run
      </Button>
      {hasDraft ? (
        // Busy, not disabled: a disabled button would drop the focus to the body.
        <Button
          onClick={() => {
            if (!discarding) void onDiscard();
          }}
          aria-disabled={discarding || undefined}
        >
          Discard draft
        </Button>
      ) : null}
      <Button
        variant="primary"
        onClick={() => void onPublish()}
        disabled={problems > 0 || (!hasDraft && draft.status === 'saved')}
        aria-disabled={publishing || undefined}
        aria-describedby={problems > 0 ? 'ic-designer-problems-title' : undefined}
      >
        {publishing ? 'Publishing…' : 'Publish'}
      </Button>
    </div>
  );
}

function ConflictCard({ draft, timeZone }: { draft: DesignerDraft; timeZone?: string }) {
  return (
    <Card className="ic-designer-editor__conflict" role="alert">
      <p>
        {draft.theirs
          ? `${draft.theirs.updatedBy ?? 'Someone'} saved this draft at ${formatWhen(draft.theirs.updatedAt, timeZone)}, after the copy you are editing. Nothing is lost: your changes are still here.`
          : 'This draft was published or discarded since you opened it. Nothing is lost: your changes are still here.'}
      </p>
      <div className="ic-designer-editor__actions">
        <Button variant="primary" onClick={() => void draft.keepMine()}>
          Keep mine
        </Button>
        {draft.theirs ? <Button onClick={draft.takeTheirs}>Take theirs</Button> : null}
      </div>
    </Card>
  );
}

/** What `validateProcessDefinition` finds, each problem a link to its step. */
function ProblemsCard({
  problems,
  onGoTo,
}: {
  problems: DefinitionProblem[];
  onGoTo: (problem: DefinitionProblem) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <Card className="ic-designer-editor__problems" aria-labelledby="ic-designer-problems-title">
      <h2 id="ic-designer-problems-title" className="ic-designer-editor__problems-title">
        {problems.length === 1
          ? '1 problem to fix before publishing'
          : `${problems.length} problems to fix before publishing`}
      </h2>
      <ul>
        {problems.slice(0, 20).map((problem, index) => (
          <li key={`${problem.path}-${index}`}>
            {problem.stepId ? (
              <button
                type="button"
                className="ic-designer-editor__problem-link"
                onClick={() => onGoTo(problem)}
              >
                {problem.stepName ?? problem.stepId}
              </button>
            ) : null}{' '}
            {problem.message}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Publishing the draft (saved first) and discarding it, with what each tells the owner. */
function usePublishing({
  draft,
  workspaceId,
  uid,
  published,
  onReopen,
  setFailure,
}: {
  draft: DesignerDraft;
  workspaceId: string;
  uid: string;
  published: ProcessInDesigner['published'];
  onReopen: () => void;
  setFailure: (failure: string | null) => void;
}) {
  const { api, notify, navigate } = useHost();
  const { pathTo } = useDesignerWorkspace();
  const scope = useQueryScope();
  const confirm = useConfirm();
  const stale = () => [
    designerKeys.all(scope, workspaceId),
    agentsProcessesKey(scope, workspaceId),
  ];
  const publish = useMutateAndInvalidate(
    (at: number) => publishProcessDraft(api, workspaceId, uid, at),
    { invalidates: stale },
  );
  const discard = useMutateAndInvalidate(() => discardProcessDraft(api, workspaceId, uid), {
    invalidates: stale,
  });
  const onPublish = async () => {
    if (publish.pending) return;
    setFailure(null);
    const at = await draft.saveNow();
    if (at === null || at === 0) {
      setFailure(
        draft.status === 'conflict'
          ? 'Someone else saved this draft meanwhile: keep yours or take theirs, then publish.'
          : 'The draft could not be saved, so it was not published. Try again.',
      );
      return;
    }
    try {
      const summary = await publish.mutate(at);
      notify('success', `${summary.name}: version ${summary.version} published. New calls run it.`);
      onReopen();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The process was not published.');
    }
  };

  const onDiscard = async () => {
    const answer = await confirm({
      icon: 'warning',
      title: 'Discard the draft?',
      body: published
        ? `Every change since version ${published.version ?? 1} goes. The published version stays, and calls keep running it.`
        : 'This process was never published: it goes with its draft.',
      cancelText: 'Keep editing',
      submitText: 'Discard',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    try {
      await discard.mutate(undefined);
      notify('info', 'The draft was discarded.');
      if (published) onReopen();
      else navigate(pathTo(CALL_FLOWS_PATHS.designer));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The draft was not discarded.');
    }
  };

  return { onPublish, onDiscard, publishing: publish.pending, discarding: discard.pending };
}
