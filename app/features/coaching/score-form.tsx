import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { SelectField, TextField, TextareaField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { addCoachingScore } from '@/shared/api/coaching';
import type { CoachingScoreInput } from '@/shared/contracts/coaching';
import type { Agent, CoachingCategory } from '@/shared/contracts/lookups';
import { isoDay } from '@/shared/domain/coaching';
import { coachingReportKey, scoresKey } from './coaching-queries';
import { emptyScoreDraft, readScoreDraft } from './score-draft';
import { FormFailure } from '@/app/components/form-failure/form-failure';

export interface ScoreFormProps {
  workspaceId: string;
  agents: readonly Agent[];
  topics: readonly CoachingCategory[];
  /** The agent the list shows: the form starts on them. */
  agentId: string;
}

/**
 * Adds one score (through useMutateAndInvalidate): every agent's score list and every range
 * of the coaching report are made stale. Quiet: the form shows the server's reason.
 */
function useAddCoachingScore(workspaceId: string) {
  const host = useHost();
  const scope = useQueryScope();
  return useMutateAndInvalidate(
    (request: CoachingScoreInput) => addCoachingScore(quietly(host.api), workspaceId, request),
    {
      invalidates: () => [scoresKey(scope, workspaceId), coachingReportKey(scope, workspaceId)],
    },
  );
}

/** "Enter a score" (owners, admins): agent, topic, date, score 0–100 and a note. */
export function ScoreForm({ workspaceId, agents, topics, agentId }: ScoreFormProps) {
  const host = useHost();
  const addScore = useAddCoachingScore(workspaceId);
  const today = isoDay(new Date());
  const { draft, setDraft, errors, setErrors, formRef, update, check } = useCheckedDraft(
    { ...emptyScoreDraft(today), agentId },
    (current) => readScoreDraft(current, today),
  );
  const { submit, sending, failure } = useDraftSubmit(check, addScore.mutate, {
    onSent: (saved) => {
      host.notify('success', `Score saved for ${saved.agentName}.`);
      // The agent and topic stay chosen for the next score; the rest starts again.
      setDraft({ ...emptyScoreDraft(today), agentId: draft.agentId, categoryId: draft.categoryId });
      setErrors({});
    },
    failureOf: refusalMessage,
  });

  return (
    <Card title="Enter a score">
      <form
        ref={formRef}
        className="ic-coaching__form"
        noValidate
        onSubmit={submit}
        aria-label="Enter a score"
      >
        <div className="ic-coaching__form-row">
          <SelectField
            label="Agent"
            required
            error={errors.agentId}
            value={draft.agentId}
            onValueChange={(value) => update('agentId', value)}
            placeholder="Choose an agent"
            options={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
          />
          <SelectField
            label="Topic"
            required
            error={errors.categoryId}
            value={draft.categoryId}
            onValueChange={(value) => update('categoryId', value)}
            placeholder="Choose a topic"
            options={topics.map((topic) => ({ value: topic.id, label: topic.name }))}
          />
          <TextField
            label="Date"
            required
            error={errors.date}
            type="date"
            max={today}
            value={draft.date}
            onValueChange={(value) => update('date', value)}
          />
          <TextField
            label="Score"
            required
            help="0 to 100"
            error={errors.score}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={draft.score}
            onValueChange={(value) => update('score', value)}
          />
        </div>
        <TextareaField
          label="Note"
          help="Optional: what went well, what to work on."
          error={errors.note}
          rows={3}
          value={draft.note}
          onValueChange={(value) => update('note', value)}
        />
        <FormFailure message={failure} lead="The score was not saved:" />
        <div>
          <Button type="submit" variant="primary" disabled={sending}>
            {sending ? 'Saving…' : 'Save score'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
