import type { ProcessDefinitionInput } from '@/shared/contracts/call-flow';
import {
  callerFields,
  crmFields,
  formStep,
  options,
  passStep,
  REQUIRED,
  trigger,
  YES_NO,
  yearsBefore,
  callAndConsultationTriggers,
} from './flow-builders';

export const PERSONAL_INJURY_PROCESS_UID = 'pi-intake';
const MAIN = 'pi-intake';
/** The medical-malpractice sub-process (its own project, spec 3 variablesMapping). */
const MED_MAL = 'pi-med-mal';

/** Two years: the most common personal-injury statute of limitations in the US. */
const LIMITATION_YEARS = 2;

export const ACCIDENT_TYPES = options(
  ['car', 'Car accident'],
  ['truck', 'Truck accident'],
  ['motorcycle', 'Motorcycle accident'],
  ['slip-and-fall', 'Slip and fall'],
  ['workplace', 'Workplace injury'],
  ['dog-bite', 'Dog bite'],
  ['medical-malpractice', 'Medical malpractice'],
  ['other', 'Other'],
);

const VEHICLE_TYPES =
  "@@accidentType == 'car' or @@accidentType == 'truck' or @@accidentType == 'motorcycle'";

/**
 * A firm's Personal Injury intake (issue 11; seeded for Harbor Legal, and named after
 * whichever firm it is given to: the agent thanks the caller for calling that firm): caller, accident type (branching to
 * vehicle and insurance questions, or to the medical-malpractice sub-process), injuries and
 * treatment, the statute-of-limitations check against a cut-off computed at seed time,
 * conflict check, address and consultation booking; the END step writes the CRM's contact,
 * note, call and (once booked with its times) the consultation's event, and e-mails the caller.
 */
export function personalInjuryIntake(
  workspaceId: string,
  now: Date,
  firm = 'Harbor Legal',
): ProcessDefinitionInput {
  const cutoff = yearsBefore(now, LIMITATION_YEARS);
  return {
    uid: PERSONAL_INJURY_PROCESS_UID,
    name: 'Personal Injury intake',
    description:
      'New personal-injury callers: accident, injuries and treatment, insurance, statute of limitations, conflict check and a consultation.',
    workspace: workspaceId,
    prj_id: MAIN,
    startStepId: 'pi-caller',
    is_sub_process: false,
    variablesMapping: [
      {
        sourceProjectId: MAIN,
        destinationProjectId: MED_MAL,
        mapping: [
          { source: '@@firstName', target: '@@patientFirstName' },
          { source: '@@lastName', target: '@@patientLastName' },
          { source: '@@incidentDate', target: '@@procedureDate' },
        ],
      },
      {
        sourceProjectId: MED_MAL,
        destinationProjectId: MAIN,
        mapping: [
          { source: '@@providerName', target: '@@atFaultName' },
          { source: '@@harmDescription', target: '@@injuriesDescription' },
          { source: '@@facilityName', target: '@@treatmentFacility' },
        ],
      },
    ],
    steps: [
      formStep({
        id: 'pi-caller',
        name: 'Caller information',
        prj: MAIN,
        description: `Thank the caller for calling ${firm} and take their details.`,
        fields: callerFields('(555) 555-0100'),
        next: [['pi-accident']],
      }),
      formStep({
        id: 'pi-accident',
        name: 'The accident',
        prj: MAIN,
        fields: [
          {
            type: 'select',
            name: 'accidentType',
            label: 'Type of accident',
            placeholder: 'Choose one',
            options: ACCIDENT_TYPES,
            validators: REQUIRED,
          },
          {
            type: 'date',
            name: 'incidentDate',
            label: 'Date of the accident',
            validators: REQUIRED,
          },
          {
            type: 'textarea',
            name: 'incidentDescription',
            label: 'What happened?',
            rows: 4,
            maxlength: 5000,
          },
        ],
        next: [
          ['pi-mm-enter', "@@accidentType == 'medical-malpractice'"],
          ['pi-vehicle', VEHICLE_TYPES],
          ['pi-injuries'],
        ],
      }),
      formStep({
        id: 'pi-vehicle',
        name: 'Vehicles involved',
        prj: MAIN,
        fields: [
          {
            type: 'radio',
            name: 'vehicleRole',
            label: 'The caller was the',
            options: options(
              ['driver', 'Driver'],
              ['passenger', 'Passenger'],
              ['pedestrian', 'Pedestrian'],
              ['cyclist', 'Cyclist'],
            ),
            validators: REQUIRED,
          },
          { type: 'checkbox', name: 'policeReport', label: 'A police report was filed' },
          {
            type: 'text',
            name: 'policeReportNumber',
            label: 'Police report number',
            maxlength: 50,
            // Only once the box above is ticked (issue #30).
            showWhen: '@=policeReport',
          },
          {
            type: 'grid',
            name: 'vehiclesGrid',
            label: 'Vehicles',
            maxRows: 10,
            columns: [
              { type: 'text', name: 'make', label: 'Make', validators: [] },
              { type: 'text', name: 'model', label: 'Model', validators: [] },
              { type: 'number', name: 'year', label: 'Year', min: 1950, max: 2100, validators: [] },
              { type: 'text', name: 'plate', label: 'Plate', validators: [] },
            ],
          },
        ],
        next: [['pi-insurance']],
      }),
      formStep({
        id: 'pi-insurance',
        name: 'At-fault party and insurance',
        prj: MAIN,
        fields: [
          { type: 'text', name: 'atFaultName', label: 'At-fault party' },
          { type: 'text', name: 'atFaultInsurer', label: "At-fault party's insurer" },
          { type: 'text', name: 'callerInsurer', label: "Caller's own insurer" },
          {
            type: 'radio',
            name: 'insurerContacted',
            label: 'Has an insurer already contacted the caller?',
            options: YES_NO,
          },
        ],
        next: [['pi-injuries']],
      }),
      formStep({
        id: 'pi-injuries',
        name: 'Injuries and treatment',
        prj: MAIN,
        fields: [
          {
            type: 'textarea',
            name: 'injuriesDescription',
            label: 'Injuries',
            rows: 3,
            validators: REQUIRED,
          },
          {
            type: 'grid',
            name: 'injuriesGrid',
            label: 'Injuries by body part',
            maxRows: 20,
            columns: [
              { type: 'text', name: 'bodyPart', label: 'Body part', validators: [] },
              {
                type: 'select',
                name: 'severity',
                label: 'Severity',
                options: options(
                  ['minor', 'Minor'],
                  ['moderate', 'Moderate'],
                  ['severe', 'Severe'],
                ),
                validators: [],
              },
            ],
          },
          {
            type: 'radio',
            name: 'receivedTreatment',
            label: 'Has the caller been treated?',
            options: YES_NO,
            validators: REQUIRED,
          },
        ],
        next: [['pi-treatment', "@@receivedTreatment == 'yes'"], ['pi-timeline']],
      }),
      formStep({
        id: 'pi-treatment',
        name: 'Medical treatment',
        prj: MAIN,
        fields: [
          { type: 'text', name: 'treatmentFacility', label: 'Hospital or clinic' },
          { type: 'checkbox', name: 'hospitalized', label: 'Admitted to hospital' },
          {
            type: 'number',
            name: 'medicalBillsTotal',
            label: 'Medical bills so far (USD)',
            min: 0,
          },
          {
            type: 'grid',
            name: 'treatmentProvidersGrid',
            label: 'Treating providers',
            maxRows: 20,
            columns: [
              { type: 'text', name: 'provider', label: 'Provider', validators: [] },
              { type: 'phone', name: 'providerPhone', label: 'Phone', validators: [] },
              { type: 'date', name: 'firstVisit', label: 'First visit', validators: [] },
            ],
          },
        ],
        next: [['pi-timeline']],
      }),
      formStep({
        id: 'pi-timeline',
        name: 'Claim history',
        prj: MAIN,
        description: 'The statute-of-limitations check runs on the accident date.',
        fields: [
          {
            type: 'radio',
            name: 'priorAttorney',
            label: 'Has the caller spoken to another attorney about this?',
            options: YES_NO,
            validators: REQUIRED,
          },
          {
            type: 'radio',
            name: 'claimFiled',
            label: 'Has a claim or lawsuit been filed?',
            options: YES_NO,
          },
          {
            type: 'grid',
            name: 'witnessesGrid',
            label: 'Witnesses',
            maxRows: 10,
            columns: [
              { type: 'text', name: 'witnessName', label: 'Name', validators: [] },
              { type: 'phone', name: 'witnessPhone', label: 'Phone', validators: [] },
            ],
          },
        ],
        // Statute of limitations: an accident before the cut-off needs an attorney's review.
        before: [
          trigger('Statute of limitations check', [
            { action: 'setVariable', variable: 'solCutoff', template: cutoff },
            {
              action: 'setVariable',
              variable: 'solExpired',
              expression: `@@incidentDate < '${cutoff}'`,
            },
          ]),
        ],
        next: [['pi-sol-review', '@=solExpired == true'], ['pi-conflict']],
      }),
      formStep({
        id: 'pi-sol-review',
        name: 'Statute of limitations review',
        prj: MAIN,
        description: `The accident is more than ${LIMITATION_YEARS} years old: the claim may be time-barred. Tell the caller an attorney will review it.`,
        fields: [
          {
            type: 'textarea',
            name: 'solNotes',
            label: 'Why the caller waited (tolling facts)',
            rows: 3,
          },
          {
            type: 'checkbox',
            name: 'solCallerInformed',
            label: 'The caller was told the claim may be time-barred',
            validators: REQUIRED,
          },
        ],
        after: [
          trigger('Statute of limitations alert', [], {
            email: {
              to: 'attorneys@harbor.test',
              subject: 'Statute of limitations review: @@firstName @@lastName',
              body: 'Accident on @@incidentDate (cut-off @@solCutoff). Notes: @@solNotes',
            },
          }),
        ],
        next: [['pi-conflict']],
      }),
      formStep({
        id: 'pi-conflict',
        name: 'Conflict check',
        prj: MAIN,
        fields: [
          {
            type: 'textarea',
            name: 'adverseParties',
            label: 'Everyone on the other side (people, companies, insurers)',
            rows: 3,
            validators: REQUIRED,
          },
          {
            type: 'radio',
            name: 'relatedToFirm',
            label: 'Is anyone involved a current or former client of the firm?',
            options: YES_NO,
            validators: REQUIRED,
          },
        ],
        after: [
          trigger('Conflict check request', [], {
            email: {
              to: 'conflicts@harbor.test',
              subject: 'Conflict check: @@firstName @@lastName',
              body: 'Adverse parties: @@adverseParties. Related to the firm: @@relatedToFirm.',
            },
          }),
        ],
        next: [['pi-address']],
      }),
      formStep({
        id: 'pi-address',
        name: 'Caller address',
        prj: MAIN,
        fields: [
          { type: 'address', name: 'callerAddress', label: 'Home address', verify: true },
          {
            type: 'checkbox',
            name: 'preferredContact',
            label: 'Best ways to reach the caller',
            options: options(['phone', 'Phone'], ['email', 'Email'], ['text', 'Text message']),
          },
        ],
        next: [['pi-consult']],
      }),
      formStep({
        id: 'pi-consult',
        name: 'Consultation booking',
        prj: MAIN,
        fields: [
          {
            // Books the event on a consultant's calendar (issue #16, docs/scheduling.md).
            type: 'consultation',
            name: 'consultation',
            label: 'Consultation',
            help: 'Pick the consultant, the day and a free time, then book it while the caller is on the line.',
            durationMinutes: 60,
            validators: REQUIRED,
          },
          {
            type: 'radio',
            name: 'consultMode',
            label: 'Where',
            options: options(
              ['office', 'At the office'],
              ['phone', 'By phone'],
              ['video', 'Video call'],
            ),
          },
        ],
        next: [['pi-end']],
      }),
      passStep(
        'pi-end',
        'Intake complete',
        'END',
        MAIN,
        [],
        [
          trigger('Create the CRM contact', [
            {
              action: 'crmSync',
              recordType: 'CONTACT',
              fields: crmFields({
                first_name: '@@firstName',
                last_name: '@@lastName',
                email: '@@email',
                mobile_phone: '@@phone',
                tags: 'Personal Injury, @@accidentType',
              }),
            },
          ]),
          trigger('Write the intake note', [
            {
              action: 'crmSync',
              recordType: 'NOTE',
              fields: crmFields({
                title: 'Personal Injury intake',
                body: 'Accident: @@accidentType on @@incidentDate. Injuries: @@injuriesDescription. At fault: @@atFaultName (@@atFaultInsurer). Consultation: @@consultation (@@consultMode).',
              }),
            },
          ]),
          ...callAndConsultationTriggers(
            'Personal Injury intake call',
            'Intake with @@firstName @@lastName: @@accidentType on @@incidentDate.',
          ),
          trigger('Consultation confirmation', [], {
            condition: "@@email != ''",
            email: {
              to: '@@email',
              subject: `Your consultation with ${firm}`,
              body: 'Dear @@firstName, your consultation is booked for @@consultation.',
            },
          }),
        ],
      ),
      // ---- the medical-malpractice sub-process
      passStep('pi-mm-enter', 'Medical malpractice', 'SUB_PROCESS', MED_MAL, [['pi-mm-provider']]),
      formStep({
        id: 'pi-mm-provider',
        name: 'Medical provider',
        prj: MED_MAL,
        description: 'Who treated the caller, and where.',
        fields: [
          { type: 'text', name: 'providerName', label: 'Doctor or provider', validators: REQUIRED },
          { type: 'text', name: 'facilityName', label: 'Hospital or practice' },
          {
            type: 'date',
            name: 'procedureDate',
            label: 'Date of the treatment',
            validators: REQUIRED,
          },
        ],
        next: [['pi-mm-harm']],
      }),
      formStep({
        id: 'pi-mm-harm',
        name: 'Harm and records',
        prj: MED_MAL,
        fields: [
          {
            type: 'textarea',
            name: 'harmDescription',
            label: 'What went wrong and the harm it caused',
            rows: 4,
            validators: REQUIRED,
          },
          {
            type: 'radio',
            name: 'secondOpinion',
            label: 'Has another doctor confirmed the error?',
            options: YES_NO,
          },
          {
            type: 'checkbox',
            name: 'hasRecords',
            label: 'The caller has copies of the medical records',
          },
        ],
        next: [['pi-injuries']],
      }),
    ],
  };
}
