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
  callAndConsultationTriggers,
} from './flow-builders';

export const IMMIGRATION_PROCESS_UID = 'imm-intake';
const MAIN = 'imm-intake';
/** The family-petition sub-process (its own project, spec 3 variablesMapping). */
const FAMILY = 'imm-family-petition';

export const VISA_CATEGORIES = options(
  ['family', 'Family-based (spouse, parent, child, sibling)'],
  ['employment', 'Employment-based'],
  ['student', 'Student or exchange visitor'],
  ['asylum', 'Asylum or refugee'],
  ['naturalization', 'Citizenship (naturalization)'],
  ['removal', 'Removal defense (immigration court)'],
  ['other', 'Something else'],
);

/**
 * Summit Immigration's intake (issue 11): caller, current status, the visa category the
 * caller needs (one branch per category; family petitions run the family-petition
 * sub-process with variable mapping), deadlines (an urgent one e-mails the attorneys),
 * immigration history, address and consultation; the END step writes the CRM's contact,
 * note, call and (once booked with its times) the consultation's event, and e-mails the
 * caller.
 */
export function immigrationIntake(workspaceId: string): ProcessDefinitionInput {
  return {
    uid: IMMIGRATION_PROCESS_UID,
    name: 'Immigration intake',
    description:
      'New immigration callers: status, visa category, family petitions, deadlines, history and a consultation.',
    workspace: workspaceId,
    prj_id: MAIN,
    startStepId: 'imm-caller',
    is_sub_process: false,
    variablesMapping: [
      {
        sourceProjectId: MAIN,
        destinationProjectId: FAMILY,
        mapping: [
          { source: '@@firstName', target: '@@beneficiaryFirstName' },
          { source: '@@lastName', target: '@@beneficiaryLastName' },
          { source: '@@countryOfCitizenship', target: '@@beneficiaryCountry' },
        ],
      },
      {
        sourceProjectId: FAMILY,
        destinationProjectId: MAIN,
        mapping: [
          { source: '@@petitionerRelationship', target: '@@familyRelationship' },
          { source: '@@priorityDate', target: '@@upcomingDeadline' },
        ],
      },
    ],
    steps: [
      formStep({
        id: 'imm-caller',
        name: 'Caller information',
        prj: MAIN,
        description: 'Thank the caller for calling Summit Immigration and take their details.',
        fields: callerFields(),
        next: [['imm-status']],
      }),
      formStep({
        id: 'imm-status',
        name: 'Current status',
        prj: MAIN,
        fields: [
          {
            type: 'text',
            name: 'countryOfCitizenship',
            label: 'Country of citizenship',
            validators: REQUIRED,
          },
          {
            type: 'radio',
            name: 'inUnitedStates',
            label: 'Is the caller in the United States now?',
            options: YES_NO,
            validators: REQUIRED,
          },
          {
            type: 'select',
            name: 'currentStatus',
            label: 'Current immigration status',
            options: options(
              ['none', 'No status'],
              ['visitor', 'Visitor (B-1/B-2)'],
              ['student', 'Student (F-1/J-1)'],
              ['worker', 'Temporary worker (H-1B, L-1, O-1)'],
              ['lpr', 'Green card holder'],
              ['tps', 'TPS or DACA'],
              ['other', 'Other'],
            ),
          },
          { type: 'date', name: 'dateOfEntry', label: 'Date of last entry' },
        ],
        next: [['imm-category']],
      }),
      formStep({
        id: 'imm-category',
        name: 'What the caller needs',
        prj: MAIN,
        fields: [
          {
            type: 'select',
            name: 'visaCategory',
            label: 'Category',
            placeholder: 'Choose one',
            options: VISA_CATEGORIES,
            validators: REQUIRED,
          },
          { type: 'textarea', name: 'goalDescription', label: 'In the caller’s words', rows: 3 },
        ],
        next: [
          ['imm-family-enter', "@@visaCategory == 'family'"],
          ['imm-employment', "@@visaCategory == 'employment'"],
          ['imm-student', "@@visaCategory == 'student'"],
          ['imm-asylum', "@@visaCategory == 'asylum'"],
          ['imm-naturalization', "@@visaCategory == 'naturalization'"],
          ['imm-removal', "@@visaCategory == 'removal'"],
          ['imm-deadlines'],
        ],
      }),
      formStep({
        id: 'imm-employment',
        name: 'Employment-based',
        prj: MAIN,
        fields: [
          {
            type: 'text',
            name: 'employerName',
            label: 'Sponsoring employer',
            validators: REQUIRED,
          },
          { type: 'text', name: 'jobTitle', label: 'Job title' },
          { type: 'number', name: 'offeredSalary', label: 'Offered yearly salary (USD)', min: 0 },
          {
            type: 'select',
            name: 'highestDegree',
            label: 'Highest degree',
            options: options(
              ['none', 'None'],
              ['bachelor', "Bachelor's"],
              ['master', "Master's"],
              ['doctorate', 'Doctorate'],
            ),
          },
        ],
        next: [['imm-deadlines']],
      }),
      formStep({
        id: 'imm-student',
        name: 'Student',
        prj: MAIN,
        fields: [
          { type: 'text', name: 'schoolName', label: 'School', validators: REQUIRED },
          { type: 'date', name: 'programStart', label: 'Program start date' },
          {
            type: 'checkbox',
            name: 'i20Issued',
            label: 'The school has issued the I-20 / DS-2019',
          },
        ],
        next: [['imm-deadlines']],
      }),
      formStep({
        id: 'imm-asylum',
        name: 'Asylum',
        prj: MAIN,
        description: 'Asylum must usually be requested within one year of arrival.',
        fields: [
          {
            type: 'date',
            name: 'arrivalDate',
            label: 'Date of arrival',
            validators: REQUIRED,
          },
          {
            type: 'textarea',
            name: 'fearDescription',
            label: 'Why the caller fears returning',
            rows: 4,
          },
        ],
        next: [['imm-deadlines']],
      }),
      formStep({
        id: 'imm-naturalization',
        name: 'Citizenship',
        prj: MAIN,
        fields: [
          {
            type: 'date',
            name: 'greenCardDate',
            label: 'Green card since',
            validators: REQUIRED,
          },
          {
            type: 'number',
            name: 'yearsMarriedToCitizen',
            label: 'Years married to a U.S. citizen (0 if not)',
            min: 0,
            max: 80,
          },
          {
            type: 'grid',
            name: 'travelHistoryGrid',
            label: 'Trips abroad longer than 6 months',
            maxRows: 30,
            columns: [
              { type: 'text', name: 'country', label: 'Country', validators: [] },
              { type: 'date', name: 'left', label: 'Left', validators: [] },
              { type: 'date', name: 'returned', label: 'Returned', validators: [] },
            ],
          },
        ],
        next: [['imm-deadlines']],
      }),
      formStep({
        id: 'imm-removal',
        name: 'Immigration court',
        prj: MAIN,
        fields: [
          {
            type: 'date',
            name: 'nextHearingDate',
            label: 'Next hearing date',
            validators: REQUIRED,
          },
          { type: 'text', name: 'courtLocation', label: 'Immigration court' },
          {
            type: 'checkbox',
            name: 'hasNoticeToAppear',
            label: 'The caller has the Notice to Appear',
          },
        ],
        after: [
          trigger('Court hearing alert', [], {
            email: {
              to: 'attorneys@summit.test',
              subject: 'Removal case: hearing on @@nextHearingDate',
              body: '@@firstName @@lastName has a hearing at @@courtLocation on @@nextHearingDate.',
            },
          }),
        ],
        next: [['imm-deadlines']],
      }),
      formStep({
        id: 'imm-deadlines',
        name: 'Deadlines',
        prj: MAIN,
        fields: [
          {
            type: 'date',
            name: 'upcomingDeadline',
            label: 'Nearest deadline (expiry, filing, hearing)',
          },
          {
            type: 'select',
            name: 'deadlineType',
            label: 'What is due',
            options: options(
              ['visa-expiry', 'Visa or status expires'],
              ['filing', 'A filing is due'],
              ['hearing', 'A hearing'],
              ['none', 'No deadline'],
            ),
          },
          {
            type: 'radio',
            name: 'deadlineUrgent',
            label: 'Is it within 30 days?',
            options: YES_NO,
            validators: REQUIRED,
          },
        ],
        after: [
          trigger('Urgent deadline alert', [], {
            condition: "@@deadlineUrgent == 'yes'",
            email: {
              to: 'attorneys@summit.test',
              subject: 'Urgent deadline: @@firstName @@lastName',
              body: '@@deadlineType on @@upcomingDeadline (@@visaCategory).',
            },
          }),
        ],
        next: [['imm-history']],
      }),
      formStep({
        id: 'imm-history',
        name: 'Immigration history',
        prj: MAIN,
        fields: [
          {
            type: 'radio',
            name: 'priorApplications',
            label: 'Any earlier applications or petitions?',
            options: YES_NO,
            validators: REQUIRED,
          },
          {
            type: 'grid',
            name: 'immigrationHistoryGrid',
            label: 'Earlier applications',
            maxRows: 20,
            columns: [
              { type: 'text', name: 'form', label: 'Form (e.g. I-130)', validators: [] },
              { type: 'date', name: 'filed', label: 'Filed', validators: [] },
              {
                type: 'select',
                name: 'outcome',
                label: 'Outcome',
                options: options(
                  ['pending', 'Pending'],
                  ['approved', 'Approved'],
                  ['denied', 'Denied'],
                ),
                validators: [],
              },
            ],
          },
          {
            type: 'radio',
            name: 'arrests',
            label: 'Any arrests or convictions anywhere?',
            options: YES_NO,
          },
        ],
        next: [['imm-address']],
      }),
      formStep({
        id: 'imm-address',
        name: 'Mailing address',
        prj: MAIN,
        fields: [
          { type: 'address', name: 'mailingAddress', label: 'Mailing address', verify: true },
          {
            type: 'select',
            name: 'language',
            label: 'Preferred language',
            options: options(
              ['en', 'English'],
              ['es', 'Spanish'],
              ['zh', 'Chinese'],
              ['vi', 'Vietnamese'],
              ['other', 'Other'],
            ),
          },
        ],
        next: [['imm-consult']],
      }),
      formStep({
        id: 'imm-consult',
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
            validators: REQUIRED,
          },
        ],
        next: [['imm-end']],
      }),
      passStep(
        'imm-end',
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
                tags: 'Immigration, @@visaCategory',
              }),
            },
          ]),
          trigger('Write the intake note', [
            {
              action: 'crmSync',
              recordType: 'NOTE',
              fields: crmFields({
                title: 'Immigration intake',
                body: 'Category: @@visaCategory. Citizenship: @@countryOfCitizenship, status @@currentStatus. Deadline: @@deadlineType @@upcomingDeadline. Consultation: @@consultation (@@consultMode).',
              }),
            },
          ]),
          ...callAndConsultationTriggers(
            'Immigration intake call',
            'Intake with @@firstName @@lastName: @@visaCategory, deadline @@upcomingDeadline.',
          ),
          trigger('Consultation confirmation', [], {
            condition: "@@email != ''",
            email: {
              to: '@@email',
              subject: 'Your consultation with Summit Immigration',
              body: 'Dear @@firstName, your consultation is booked for @@consultation.',
            },
          }),
        ],
      ),
      // ---- the family-petition sub-process
      passStep('imm-family-enter', 'Family petition', 'SUB_PROCESS', FAMILY, [
        ['imm-family-petitioner'],
      ]),
      formStep({
        id: 'imm-family-petitioner',
        name: 'Petitioner',
        prj: FAMILY,
        fields: [
          {
            type: 'select',
            name: 'petitionerRelationship',
            label: 'The petitioner is the beneficiary’s',
            options: options(
              ['spouse', 'Spouse'],
              ['parent', 'Parent'],
              ['child', 'Adult child'],
              ['sibling', 'Sibling'],
            ),
            validators: REQUIRED,
          },
          {
            type: 'radio',
            name: 'petitionerStatus',
            label: 'The petitioner is a',
            options: options(['citizen', 'U.S. citizen'], ['lpr', 'Green card holder']),
            validators: REQUIRED,
          },
          { type: 'text', name: 'petitionerName', label: 'Petitioner’s full name' },
        ],
        next: [['imm-family-members']],
      }),
      formStep({
        id: 'imm-family-members',
        name: 'Family members and priority date',
        prj: FAMILY,
        fields: [
          {
            type: 'grid',
            name: 'familyMembersGrid',
            label: 'Derivative family members',
            maxRows: 15,
            columns: [
              { type: 'text', name: 'memberName', label: 'Name', validators: [] },
              { type: 'text', name: 'memberRelationship', label: 'Relationship', validators: [] },
              { type: 'date', name: 'memberBirthDate', label: 'Date of birth', validators: [] },
            ],
          },
          { type: 'date', name: 'priorityDate', label: 'Priority date (if a petition was filed)' },
        ],
        next: [['imm-deadlines']],
      }),
    ],
  };
}
