import type { ProfileType, RequirementKind, RequirementLevel } from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';

/**
 * The wizard's steps, in the order an investor meets them. What each profile type walks through and
 * which steps a tenant's requirement levels leave out are decided here, purely, so the form, the
 * list's "continue" link and the tests read the same answer.
 */
export const STEP_IDS = [
  'details',
  'entity',
  'members',
  'tax',
  'addresses',
  'bank',
  'classification',
  'documents',
  'review',
] as const;
export type StepId = (typeof STEP_IDS)[number];

const STEPS_BY_TYPE: Record<ProfileType, readonly StepId[]> = {
  // A joint account is two people: the details step holds the holder and the co-holder.
  INDIVIDUAL: ['details', 'tax', 'addresses', 'bank', 'classification', 'documents', 'review'],
  JOINT: ['details', 'tax', 'addresses', 'bank', 'classification', 'documents', 'review'],
  ENTITY: ['entity', 'members', 'tax', 'addresses', 'bank', 'classification', 'documents', 'review'],
};

/**
 * The requirement kinds a step collects. A step whose kinds are all HIDDEN for the tenant is left
 * out; a step with no kinds (classification, review) is always there: classification is asked of
 * every investor and is not a requirement kind of the spec.
 */
export const STEP_KINDS: Record<StepId, readonly RequirementKind[]> = {
  details: ['IDENTITY_INFORMATION'],
  // An entity's identity is where it is incorporated (the server reads IDENTITY_INFORMATION so).
  entity: ['IDENTITY_INFORMATION', 'ENTITY_TYPE', 'LEGAL_NAME_OF_ENTITY', 'INCORPORATION_ID'],
  members: [
    'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY',
    'ROLE_IN_ENTITY',
    'PERCENTAGE_OWNERSHIP',
    'TYPE_OF_CONTROLLING_PERSON',
    'EMAIL_ADDRESS',
    'POSITION_OR_TITLE',
  ],
  tax: ['TAX_JURISDICTION', 'TAX_REPORTING'],
  addresses: ['ADDRESS_INFORMATION'],
  bank: ['BANK_INFORMATION'],
  classification: [],
  documents: [
    'PROOF_OF_IDENTITY',
    'PROOF_OF_ADDRESS',
    'ENTITY_CERTIFIED_SUPPORT',
    'INVESTOR_BANK_SUPPORT',
    'ADDITIONAL_DOCUMENTS',
  ],
  review: [],
};

/** How a form shows one requirement kind: hidden fields are not rendered at all, mandatory ones are marked. */
export interface FieldRule {
  visible: boolean;
  required: boolean;
}

export const fieldRule = (table: RequirementTable, kind: RequirementKind): FieldRule => {
  const level: RequirementLevel = table[kind];
  return { visible: level !== 'HIDDEN', required: level === 'MANDATORY' };
};

/** The steps of a profile type under the tenant's table, in order. */
export const stepsFor = (type: ProfileType, table: RequirementTable): StepId[] =>
  STEPS_BY_TYPE[type].filter((step) => {
    const kinds = STEP_KINDS[step];
    return kinds.length === 0 || kinds.some((kind) => table[kind] !== 'HIDDEN');
  });

/**
 * Where a reopened profile resumes: the first step that is not complete, or the review step when
 * every step before it is (so "continue" on a finished draft lands on submit). `isComplete` answers
 * for one step from what the server holds.
 */
export const resumeStep = (steps: readonly StepId[], isComplete: (step: StepId) => boolean): StepId => {
  for (const step of steps) {
    if (step === 'review') return step;
    if (!isComplete(step)) return step;
  }
  return steps.at(-1) ?? 'review';
};

/** The step after `step` in `steps`, or undefined at the end. */
export const stepAfter = (steps: readonly StepId[], step: StepId): StepId | undefined => {
  const at = steps.indexOf(step);
  return at < 0 ? undefined : steps[at + 1];
};
