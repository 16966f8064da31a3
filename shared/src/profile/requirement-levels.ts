/**
 * Requirement levels per tenant (issue 11, deliver 3): for each profile type and requirement kind the
 * manager sets MANDATORY, OPTIONAL or HIDDEN. The web form and the server both read the resolved table
 * from here, so a field the tenant hides is neither shown nor accepted, and a mandatory one is asked
 * for on both sides with the same `required` message.
 */
import * as z from '../lazy-zod.js';
import {
  PROFILE_TYPES,
  type ProfileType,
  REQUIREMENT_KINDS,
  type RequirementKind,
  RequirementKindSchema,
  type RequirementLevel,
  RequirementLevelSchema,
} from './profile-enums.js';

/**
 * Kinds asked of each person of an entity (its directors, controlling persons, owners, signatories)
 * rather than of the profile itself.
 */
export const MEMBER_REQUIREMENT_KINDS = [
  'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY',
  'ROLE_IN_ENTITY',
  'PERCENTAGE_OWNERSHIP',
  'TYPE_OF_CONTROLLING_PERSON',
  'EMAIL_ADDRESS',
  'POSITION_OR_TITLE',
] as const satisfies readonly RequirementKind[];

const ENTITY_ONLY_KINDS: readonly RequirementKind[] = [
  'ENTITY_CERTIFIED_SUPPORT',
  'INCORPORATION_ID',
  'ENTITY_TYPE',
  'LEGAL_NAME_OF_ENTITY',
  ...MEMBER_REQUIREMENT_KINDS,
];

/** Which kinds can exist on a profile of each type at all; the rest are HIDDEN whatever a tenant sets. */
export const APPLICABLE_KINDS: Record<ProfileType, readonly RequirementKind[]> = {
  INDIVIDUAL: REQUIREMENT_KINDS.filter((k) => !ENTITY_ONLY_KINDS.includes(k)),
  JOINT: REQUIREMENT_KINDS.filter((k) => !ENTITY_ONLY_KINDS.includes(k)),
  ENTITY: REQUIREMENT_KINDS,
};

export type RequirementTable = Record<RequirementKind, RequirementLevel>;

/**
 * A tenant's settings: only what it changed from the defaults, per profile type. Stored as sent and
 * resolved on read, so a new default reaches tenants that never touched that kind.
 */
export const RequirementLevelsSchema = z.partialRecord(
  z.enum(PROFILE_TYPES),
  z.partialRecord(RequirementKindSchema, RequirementLevelSchema),
);
export type RequirementLevels = z.infer<typeof RequirementLevelsSchema>;

/**
 * Ours (docs/profiles.md): what KYC needs before a manager can decide is MANDATORY; evidence that
 * only some tenants collect (tax reporting, additional documents, position) is OPTIONAL.
 */
const DEFAULT_LEVEL: Record<RequirementKind, RequirementLevel> = {
  ENTITY_CERTIFIED_SUPPORT: 'MANDATORY',
  INVESTOR_BANK_SUPPORT: 'OPTIONAL',
  PROOF_OF_IDENTITY: 'MANDATORY',
  PROOF_OF_ADDRESS: 'MANDATORY',
  OWNER_DIRECTOR_TRUSTEE_BENEFICIARY: 'MANDATORY',
  ROLE_IN_ENTITY: 'MANDATORY',
  ADDITIONAL_DOCUMENTS: 'OPTIONAL',
  TAX_JURISDICTION: 'MANDATORY',
  ADDRESS_INFORMATION: 'MANDATORY',
  IDENTITY_INFORMATION: 'MANDATORY',
  BANK_INFORMATION: 'MANDATORY',
  TAX_REPORTING: 'OPTIONAL',
  INCORPORATION_ID: 'MANDATORY',
  ENTITY_TYPE: 'MANDATORY',
  PERCENTAGE_OWNERSHIP: 'MANDATORY',
  LEGAL_NAME_OF_ENTITY: 'MANDATORY',
  TYPE_OF_CONTROLLING_PERSON: 'MANDATORY',
  EMAIL_ADDRESS: 'OPTIONAL',
  POSITION_OR_TITLE: 'OPTIONAL',
};

/** The effective level of every kind for one profile type: defaults, then the tenant's, then applicability. */
export const resolveRequirements = (type: ProfileType, tenant: RequirementLevels = {}): RequirementTable => {
  const own = tenant[type] ?? {};
  const applicable = APPLICABLE_KINDS[type];
  const table = {} as RequirementTable;
  for (const kind of REQUIREMENT_KINDS) {
    table[kind] = applicable.includes(kind) ? (own[kind] ?? DEFAULT_LEVEL[kind]) : 'HIDDEN';
  }
  return table;
};

/**
 * What a profile submits, by requirement kind: the profile's own sections and documents in `fields`,
 * each entity person's in `members`. The profile service builds it from the stored profile.
 */
export interface RequirementPayload {
  fields: Partial<Record<RequirementKind, unknown>>;
  members?: ReadonlyArray<Partial<Record<RequirementKind, unknown>>>;
}

export interface RequirementIssue {
  /** Where the problem is, as a form would address it: ['fields', kind] or ['members', index, kind]. */
  path: readonly (string | number)[];
  kind: RequirementKind;
  /** `required`: a MANDATORY kind is missing (spec §5 message). `hidden`: the tenant hides this kind. */
  code: 'required' | 'hidden';
}

/** Absent, null, blank text, an empty list or an object with no present value all count as not given. */
const given = (value: unknown): boolean => {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(given);
  if (typeof value === 'object') return Object.values(value).some(given);
  return true;
};

const check = (
  table: RequirementTable,
  kinds: readonly RequirementKind[],
  values: Partial<Record<RequirementKind, unknown>>,
  at: readonly (string | number)[],
  issues: RequirementIssue[],
) => {
  for (const kind of kinds) {
    const level = table[kind];
    const present = given(values[kind]);
    if (level === 'MANDATORY' && !present) issues.push({ path: [...at, kind], kind, code: 'required' });
    if (level === 'HIDDEN' && present) issues.push({ path: [...at, kind], kind, code: 'hidden' });
  }
  // A kind that belongs elsewhere (a member kind on the profile, or the reverse) is never accepted.
  for (const kind of REQUIREMENT_KINDS) {
    if (!kinds.includes(kind) && given(values[kind])) issues.push({ path: [...at, kind], kind, code: 'hidden' });
  }
};

/**
 * Every way `payload` breaks the resolved table, in a stable order (profile fields first, then each
 * member); empty when it may be submitted. Pure: the caller turns issues into a 422 naming the fields.
 */
export const validateRequirements = (
  type: ProfileType,
  payload: RequirementPayload,
  tenant: RequirementLevels = {},
): RequirementIssue[] => {
  const table = resolveRequirements(type, tenant);
  const memberKinds: readonly RequirementKind[] = MEMBER_REQUIREMENT_KINDS;
  const profileKinds = REQUIREMENT_KINDS.filter((k) => !memberKinds.includes(k));
  const issues: RequirementIssue[] = [];
  check(table, profileKinds, payload.fields, ['fields'], issues);
  const members = payload.members ?? [];
  if (type !== 'ENTITY' && members.length > 0) {
    // Only an entity has persons; members on another type are refused as a whole.
    issues.push({ path: ['members'], kind: 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY', code: 'hidden' });
  } else {
    members.forEach((m, i) => {
      check(table, memberKinds, m, ['members', i], issues);
    });
  }
  return issues;
};
