import { describe, expect, it } from 'vitest';
import { createCallFlowEngine } from '@/shared/call-flow/engine';
import { createTestRun, TEST_RUN_EXECUTION_ID } from '@/shared/call-flow/test-run-effects';
import { callData, context, definition, formStep, step } from './fakes';

// Issue #34 "Test before publishing": the real engine runs a draft on the test run's
// effects; nothing is sent anywhere, and what would have been is kept for the designer:
// the path taken with the variables at each step, the e-mails, the CRM records, the end.

/** age → (minor | adult) → end, the END e-mailing the caller and writing a CRM note. */
const draft = () =>
  definition({
    steps: [
      formStep('age', 'age', [
        { to: 'minor', when: '@#age < 18' },
        { to: 'adult', when: '' },
      ]),
      formStep('minor', 'guardian', [{ to: 'end' }]),
      formStep('adult', 'employer', [{ to: 'end' }]),
      step('end', 'END', [], {
        triggers: {
          BEFORE: [
            {
              name: 'Thank the caller',
              marker: 'EMAIL',
              config: { to: 'dana@example.com', subject: 'Thanks', body: 'Age @#age' },
            },
            {
              name: 'Write the note',
              code: [
                {
                  action: 'crmSync',
                  recordType: 'NOTE',
                  fields: [{ field: 'title', value: 'Age @#age' }],
                },
              ],
            },
          ],
          AFTER: [],
        },
      }),
    ],
  });

async function run(age: string, afterwards?: 'finish') {
  const testRun = createTestRun();
  const engine = createCallFlowEngine({ effects: testRun.effects, context });
  let changes = 0;
  testRun.subscribe(() => changes++);
  expect((await engine.start({ definition: draft(), callData })).ok).toBe(true);
  expect(engine.getState().processExecutionHistoryId).toBe(TEST_RUN_EXECUTION_ID);
  await engine.submit({ age });
  await engine.submit({ guardian: 'Pat', employer: 'Acme' });
  // The wizard's Finish, once the intake is complete, ends the call too.
  if (afterwards === 'finish') await engine.hangUp();
  return { record: testRun.record(), state: engine.getState(), changes };
}

describe('a test run of a draft', () => {
  it('takes the branch its answers lead to, keeping the path and the variables at each step', async () => {
    const minor = await run('12');
    expect(minor.state.status).toBe('completed');
    expect(minor.record.path.map((s) => [s.stepId, s.direction])).toEqual([
      ['age', 'forward'],
      ['minor', 'forward'],
      ['end', 'forward'],
    ]);
    expect(minor.record.path.at(-1)?.variables).toMatchObject({ age: '12', guardian: 'Pat' });
    expect(minor.record.ended).toBe('completed');
    expect(minor.changes).toBeGreaterThan(0);

    const adult = await run('40');
    expect(adult.record.path.map((s) => s.stepId)).toEqual(['age', 'adult', 'end']);
  });

  it('keeps the e-mails and the CRM records it would have sent, and sends nothing', async () => {
    const { record } = await run('12');
    expect(record.emails).toHaveLength(1);
    expect(record.emails[0]).toMatchObject({
      destinations: { to: ['dana@example.com'] },
      subject: 'Thanks',
    });
    expect(record.emails[0]!.body.textBody).toContain('Age 12');
    expect(record.crmRecords).toEqual([{ type: 'NOTE', fields: { title: 'Age 12' } }]);
  });

  it('still says completed once Finish has ended the completed run, and hung up before the end', async () => {
    expect((await run('12', 'finish')).record.ended).toBe('completed');

    const testRun = createTestRun();
    const engine = createCallFlowEngine({ effects: testRun.effects, context });
    await engine.start({ definition: draft(), callData });
    await engine.submit({ age: '40' });
    await engine.hangUp();
    expect(testRun.record().ended).toBe('hung-up');
  });
});
