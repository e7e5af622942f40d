import { describe, expect, it } from 'vitest';
import { isFieldShown } from '@/shared/call-flow/field-visibility';
import { validateProcessDefinition } from '@/shared/call-flow/validate-definition';
import type { Variables } from '@/shared/contracts/call-flow';
import {
  LARGE_GRID_VARIABLES,
  type FormFieldType,
  type ProcessDefinition,
} from '@/shared/contracts/call-flow';
import { immigrationIntake } from '@/server/seed/call-flows/immigration-intake';
import { personalInjuryIntake } from '@/server/seed/call-flows/personal-injury-intake';

// issue 11 Server: the two seeded intake flows pass validateProcessDefinition, have at
// least 8 form steps, use every form field type, an EMAIL trigger and a CRM sync that
// writes a contact and a note at the end, and open by asking the caller's details.

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ALL_FIELD_TYPES: FormFieldType[] = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'select',
  'radio',
  'checkbox',
  'date',
  'address',
  'grid',
  // Books the consultation on a consultant's calendar (issue #16).
  'consultation',
];

function checked(input: unknown): ProcessDefinition {
  const result = validateProcessDefinition(input);
  if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
  return result.definition;
}

describe.each([
  ['Personal Injury intake', () => personalInjuryIntake('ws_harbor', NOW)],
  ['Immigration intake', () => immigrationIntake('ws_summit')],
])('the seeded %s', (_name, build) => {
  const def = checked(build());
  const forms = def.steps.filter((s) => s.dynaform !== null);

  it('passes validateProcessDefinition with at least 8 form steps', () => {
    expect(forms.length).toBeGreaterThanOrEqual(8);
  });

  it('uses every form field type, and grids only under the large-grid names', () => {
    const fields = forms.flatMap((s) => s.dynaform!.fields);
    const types = new Set<string>(fields.map((f) => f.type));
    for (const field of fields)
      if (field.type === 'grid') field.columns.forEach((c) => types.add(c.type));
    expect([...types].sort()).toEqual([...ALL_FIELD_TYPES].sort());
    const grids = fields.filter((f) => f.type === 'grid').map((f) => f.name);
    expect(grids.every((name) => (LARGE_GRID_VARIABLES as readonly string[]).includes(name))).toBe(
      true,
    );
  });

  it("opens with the caller's first and last name, phone and email", () => {
    const first = def.steps.find((s) => s.id === def.startStepId)!;
    expect(first.dynaform!.fields.map((f) => [f.name, f.type])).toEqual([
      ['firstName', 'text'],
      ['lastName', 'text'],
      ['phone', 'phone'],
      ['email', 'email'],
    ]);
  });

  it('has an EMAIL trigger and ends by syncing a CRM contact, a note, the call and the consultation', () => {
    const triggers = def.steps.flatMap((s) => [...s.triggers.BEFORE, ...s.triggers.AFTER]);
    expect(triggers.some((tr) => tr.marker === 'EMAIL')).toBe(true);
    const end = def.steps.find((s) => s.type === 'END')!;
    expect(end.routes).toEqual([]);
    const synced = end.triggers.BEFORE.flatMap((tr) =>
      tr.code.flatMap((a) => (a.action === 'crmSync' ? [a.recordType] : [])),
    );
    expect(synced).toEqual(['CONTACT', 'NOTE', 'CALL', 'EVENT']);
    // The consultation's event only once its start is known (issue #33).
    const event = end.triggers.BEFORE.find((tr) =>
      tr.code.some((a) => a.action === 'crmSync' && a.recordType === 'EVENT'),
    )!;
    expect(event.condition).toBe("@@consultationStart != ''");
  });

  it('has a sub-process reached through a variables mapping both ways', () => {
    const projects = new Set(def.steps.map((s) => s.prj_id));
    expect(projects.size).toBe(2);
    const sub = [...projects].find((p) => p !== def.prj_id)!;
    expect(def.variablesMapping.map((m) => [m.sourceProjectId, m.destinationProjectId])).toEqual([
      [def.prj_id, sub],
      [sub, def.prj_id],
    ]);
  });
});

describe('the Personal Injury branches', () => {
  const def = checked(personalInjuryIntake('ws_harbor', NOW));
  const routesOf = (id: string) => def.steps.find((s) => s.id === id)!.routes;

  it('sends medical malpractice to the sub-process, vehicle accidents to the vehicle steps, the rest to injuries', () => {
    expect(routesOf('pi-accident').map((r) => r.flo_element_dest)).toEqual([
      'pi-mm-enter',
      'pi-vehicle',
      'pi-injuries',
    ]);
    expect(routesOf('pi-accident')[0].flo_condition).toContain('medical-malpractice');
    expect(routesOf('pi-accident')[1].flo_condition).toContain("'car'");
  });

  it('shows the police report number only while "a police report was filed" is ticked', () => {
    const vehicle = def.steps.find((s) => s.id === 'pi-vehicle')!;
    const field = vehicle.dynaform!.fields.find((f) => f.name === 'policeReportNumber')!;
    const withReport = Object.assign(Object.create(null) as Variables, { policeReport: true });
    const without = Object.assign(Object.create(null) as Variables, { policeReport: false });
    expect(isFieldShown(field, withReport)).toBe(true);
    expect(isFieldShown(field, without)).toBe(false);
    expect(isFieldShown(field, Object.create(null) as Variables)).toBe(false);
  });

  it('checks the statute of limitations against a cut-off two years before the seed date', () => {
    const timeline = def.steps.find((s) => s.id === 'pi-timeline')!;
    const actions = timeline.triggers.BEFORE.flatMap((tr) => tr.code);
    expect(actions).toContainEqual(
      expect.objectContaining({
        variable: 'solExpired',
        expression: "@@incidentDate < '2024-11-23'",
      }),
    );
  });
});
