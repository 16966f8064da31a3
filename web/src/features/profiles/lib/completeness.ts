import type { PersonDetails, Profile } from '@tranche/shared/profile/profile.schema';
import type { RequirementKind } from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { STEP_KINDS, type StepId } from './requirements';

/** The identity the server asks of every person (PERSON_IDENTITY in functions/src/profile/profile.rules.ts). */
const personComplete = (p: PersonDetails | undefined): boolean =>
  Boolean(p?.firstName && p.lastName && p.dateOfBirth && p.nationality);

/**
 * Whether the profile holds each requirement kind, read from what the server answered. Documents are
 * not in the profile: the documents step passes the kinds it has files for.
 */
export const holds = (profile: Profile, kind: RequirementKind, documentKinds: ReadonlySet<string>): boolean => {
  const entity = profile.header.entity;
  switch (kind) {
    case 'IDENTITY_INFORMATION': {
      if (profile.type === 'ENTITY') return Boolean(entity?.countryOfIncorporation);
      const own = personComplete(profile.individual) && profile.individual?.idDocument !== undefined;
      return profile.type === 'JOINT' ? own && personComplete(profile.coHolder?.person) : own;
    }
    case 'LEGAL_NAME_OF_ENTITY':
      return Boolean(entity?.legalName);
    case 'ENTITY_TYPE':
      return Boolean(entity?.entityType);
    case 'INCORPORATION_ID':
      return Boolean(entity?.incorporationId);
    case 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY':
      return profile.members.length > 0;
    case 'ROLE_IN_ENTITY':
      return profile.members.length > 0 && profile.members.every((m) => (m.roles?.length ?? 0) > 0);
    case 'PERCENTAGE_OWNERSHIP':
      return profile.members.length > 0 && profile.members.every((m) => m.ownershipPercent !== undefined);
    case 'TYPE_OF_CONTROLLING_PERSON':
      return profile.members.length > 0 && profile.members.every((m) => (m.controllerTypes?.length ?? 0) > 0);
    case 'EMAIL_ADDRESS':
      return profile.members.length > 0 && profile.members.every((m) => Boolean(m.email ?? m.person.email));
    case 'POSITION_OR_TITLE':
      return profile.members.length > 0 && profile.members.every((m) => Boolean(m.position));
    case 'TAX_JURISDICTION':
      return (profile.header.taxJurisdictions?.length ?? 0) > 0;
    case 'TAX_REPORTING':
      return profile.header.taxStatus !== undefined;
    case 'ADDRESS_INFORMATION':
      return profile.addresses.length > 0;
    case 'BANK_INFORMATION':
      return profile.bankAccounts.some((a) => a.status !== 'CLOSED');
    default:
      return documentKinds.has(kind);
  }
};

/**
 * A step is complete when it holds every kind the tenant makes MANDATORY in it. Classification has
 * no kind: it is complete once one classification is claimed. Review is never complete: it is where
 * a finished profile resumes.
 */
export const isStepComplete = (
  step: StepId,
  profile: Profile,
  table: RequirementTable,
  documentKinds: ReadonlySet<string> = new Set(),
): boolean => {
  if (step === 'review') return false;
  if (step === 'classification') return profile.certificates.length > 0;
  return STEP_KINDS[step].every((kind) => table[kind] !== 'MANDATORY' || holds(profile, kind, documentKinds));
};

/** The MANDATORY kinds of the whole profile that it does not hold yet, by step (the review step lists them). */
export const missingByStep = (
  steps: readonly StepId[],
  profile: Profile,
  table: RequirementTable,
  documentKinds: ReadonlySet<string> = new Set(),
): { step: StepId; kinds: RequirementKind[] }[] =>
  steps
    .map((step) => ({
      step,
      kinds: STEP_KINDS[step].filter((k) => table[k] === 'MANDATORY' && !holds(profile, k, documentKinds)),
    }))
    .filter((s) => s.kinds.length > 0);

/** The step where a field the submit refused is filled in (the paths of profileRequirementsNotMet). */
export const stepOfField = (field: string): StepId | undefined => {
  if (field.startsWith('individual') || field.startsWith('coHolder')) return 'details';
  if (field.startsWith('header.entity')) return 'entity';
  if (field.startsWith('members')) return 'members';
  if (field.startsWith('header.tax')) return 'tax';
  if (field.startsWith('addresses')) return 'addresses';
  if (field.startsWith('bankAccounts')) return 'bank';
  if (field.startsWith('documents')) return 'documents';
  if (field.startsWith('certificates')) return 'classification';
  return undefined;
};
