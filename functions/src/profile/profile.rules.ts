import type { FieldIssue } from '@tranche/shared/errors/catalogue';
import type { BankAccountInput, PersonDetails, ProfileHeader } from '@tranche/shared/profile/profile.schema';
import {
  entityTypesFor,
  PROFILE_VALIDATION_MESSAGES,
  type ProfileType,
  type RequirementKind,
} from '@tranche/shared/profile/profile-enums';
import {
  type RequirementIssue,
  type RequirementLevels,
  type RequirementPayload,
  resolveRequirements,
  validateRequirements,
} from '@tranche/shared/profile/requirement-levels';
import { DomainError } from '#lib/errors';
import { isValidPhone } from './phone.js';
import type { ProfileRecord, StoredMember, StoredPerson, StoredProfile } from './profile.repo.js';

/**
 * The pure rules of profiles: what a change may carry, what a submission must hold, and how members,
 * persons and bank numbers are checked. Services read, call these, and commit; the unit tests drive
 * them directly (profile.rules.test.ts).
 */

const REQUIRED_MESSAGE = PROFILE_VALIDATION_MESSAGES.required.en;
/** Ours: the spec's messages have none for a value the portal does not ask for. */
const HIDDEN_MESSAGE = 'This portal does not ask for this information';

// ---- Bank numbers

/** The last four letters or digits of an account number: all a route ever answers of it. */
export const last4 = (accountNumber: string): string => accountNumber.replace(/\s+/g, '').slice(-4);
export const maskAccount = (accountNumber: string): string => `•••• ${last4(accountNumber)}`;
/** The same mask from the stored last 4 (the number itself is stored only sealed). */
export const maskLast4 = (last4: string): string => `•••• ${last4}`;

/** IRA details go with an IRA account only, and an IRA needs its type and custodian. */
export const checkBankShape = (account: BankAccountInput): void => {
  const fields: FieldIssue[] = [];
  const issue = (field: string, rule: string, message: string) =>
    fields.push({ field: `body.account.${field}`, rule, message });
  if (account.kind === 'IRA') {
    if (!account.iraType) issue('iraType', 'required', REQUIRED_MESSAGE);
    if (!account.custodian) issue('custodian', 'required', REQUIRED_MESSAGE);
  } else {
    if (account.iraType) issue('iraType', 'unexpected', 'Only an IRA account has an IRA type');
    if (account.custodian) issue('custodian', 'unexpected', 'Only an IRA account has a custodian');
  }
  // Missing IRA details first: what to add; then what does not belong (both schema-valid input).
  const code = fields.some((f) => f.rule === 'required') ? 'FieldIsRequired' : 'fieldNotAllowed';
  if (fields.length > 0) throw new DomainError(code, { fields });
};

// ---- Phone numbers (spec §5 `phone`), checked against the country's numbering plan (phone.ts)

export const checkPhone = (phone: string | undefined, field: string): void => {
  if (phone !== undefined && !isValidPhone(phone)) {
    throw new DomainError('phoneInvalid', {
      fields: [{ field, rule: 'phone', message: PROFILE_VALIDATION_MESSAGES.phone.en }],
    });
  }
};

// ---- Names (spec §5 `realName`: "Invalid name")

/** Letters of any script with their marks, and the separators names use: space, apostrophe, hyphen, dot, middle dot. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}\s'’.\-·・]*$/u;
const NAME_FIELDS = ['firstName', 'middleName', 'lastName', 'realName'] as const;

/** A person's names hold no digits or symbols, and the phone number is one of its country's plan. */
export const checkPerson = (details: Partial<PersonDetails>, at: string): void => {
  const bad = NAME_FIELDS.filter((f) => details[f] !== undefined && !NAME.test(details[f]!));
  if (bad.length > 0) {
    throw new DomainError('nameInvalid', {
      fields: bad.map((f) => ({
        field: `${at}.${f}`,
        rule: 'realName',
        message: PROFILE_VALIDATION_MESSAGES.realName.en,
      })),
    });
  }
  checkPhone(details.phone, `${at}.phone`);
};

// ---- What each part may carry for the profile's type

export const sectionNotForType = (): DomainError => new DomainError('profileSectionNotForType');

/** The entity details belong to an entity; its type must be one its country of incorporation offers. */
export const checkHeader = (type: ProfileType, header: ProfileHeader): void => {
  const entity = header.entity;
  if (!entity) return;
  if (type !== 'ENTITY') throw sectionNotForType();
  if (entity.entityType) {
    const country = entity.countryOfIncorporation ?? 'OTHER';
    if (!entityTypesFor(country).includes(entity.entityType)) {
      throw new DomainError('entityTypeNotForCountry', {
        country,
        fields: [
          {
            field: 'body.header.entity.entityType',
            rule: 'entityTypesFor',
            message: `Not an entity type of ${country}`,
          },
        ],
      });
    }
  }
};

// ---- Requirement levels: which kind a value is, where it sits, and the 422 naming them

/** A value given, as the requirement table sees it: its kind and the field that holds it. */
export interface GivenKind {
  kind: RequirementKind;
  field: string;
}

/** The header's values by requirement kind. */
export const headerKinds = (header: ProfileHeader): GivenKind[] => {
  const given: GivenKind[] = [];
  if (header.taxJurisdictions?.length) given.push({ kind: 'TAX_JURISDICTION', field: 'header.taxJurisdictions' });
  if (header.taxStatus) given.push({ kind: 'TAX_REPORTING', field: 'header.taxStatus' });
  const e = header.entity;
  if (e?.legalName) given.push({ kind: 'LEGAL_NAME_OF_ENTITY', field: 'header.entity.legalName' });
  if (e?.entityType) given.push({ kind: 'ENTITY_TYPE', field: 'header.entity.entityType' });
  if (e?.incorporationId) given.push({ kind: 'INCORPORATION_ID', field: 'header.entity.incorporationId' });
  return given;
};

/** A member's terms by requirement kind (the person itself is OWNER_DIRECTOR_TRUSTEE_BENEFICIARY). */
export const memberKinds = (memberId: string, terms: StoredMember['terms']): GivenKind[] => {
  const at = (f: string) => `members.${memberId}.${f}`;
  const given: GivenKind[] = [{ kind: 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY', field: at('person') }];
  if (terms?.roles?.length) given.push({ kind: 'ROLE_IN_ENTITY', field: at('roles') });
  if (terms?.ownershipPercent !== undefined)
    given.push({ kind: 'PERCENTAGE_OWNERSHIP', field: at('ownershipPercent') });
  if (terms?.controllerTypes?.length) given.push({ kind: 'TYPE_OF_CONTROLLING_PERSON', field: at('controllerTypes') });
  if (terms?.email) given.push({ kind: 'EMAIL_ADDRESS', field: at('email') });
  if (terms?.position) given.push({ kind: 'POSITION_OR_TITLE', field: at('position') });
  return given;
};

/** The 422 a change or a submission answers when it breaks the tenant's table. */
export const requirementsNotMet = (fields: FieldIssue[]): DomainError =>
  new DomainError('profileRequirementsNotMet', { fields });

/** Refuses a change that carries a value of a kind the tenant hides (the web hides the field too). */
export const refuseHidden = (type: ProfileType, levels: RequirementLevels, given: readonly GivenKind[]): void => {
  const table = resolveRequirements(type, levels);
  const fields = given
    .filter((g) => table[g.kind] === 'HIDDEN')
    .map((g) => ({ field: g.field, rule: 'hidden', message: HIDDEN_MESSAGE }));
  if (fields.length > 0) throw requirementsNotMet(fields);
};

// ---- Submission: the whole profile against the table

/** What identity the KYC review needs of a person, and of the individual (an ID document too). */
const PERSON_IDENTITY = ['firstName', 'lastName', 'dateOfBirth', 'nationality'] as const;
const INDIVIDUAL_IDENTITY = [...PERSON_IDENTITY, 'idDocument'] as const;

const missing = (details: Partial<PersonDetails> | undefined, wanted: readonly (keyof PersonDetails)[]) =>
  wanted.filter((k) => details?.[k] === undefined || details[k] === '');

/** Document kinds that prove identity: the requirement kind itself, or an ID document type or category. */
const IDENTITY_DOCUMENT_KINDS = [
  'PROOF_OF_IDENTITY',
  'IDENTITY',
  'PASSPORT',
  'DRIVING_LICENCE',
  'NATIONAL_ID_CARD',
  'MILITARY_ID_CARD',
];
/** A document that failed its checks does not count (the documents part's refused statuses). */
const COUNTS = (status: string | undefined) => !status || !['REFUSED', 'INFECTED', 'DELETED'].includes(status);

const documentsOf = (profile: StoredProfile, kinds: readonly string[]) =>
  profile.documents
    .filter((d) => d.kind !== undefined && kinds.includes(d.kind) && COUNTS(d.status))
    .map((d) => d.documentId);

const entityMembers = (profile: StoredProfile) => profile.members.filter((m) => !m.coHolder);

/** The profile's values by requirement kind, as validateRequirements reads them. */
export const requirementPayload = (profile: ProfileRecord): RequirementPayload => {
  const h = profile.header;
  const entity = profile.type === 'ENTITY';
  const identity = entity
    ? h.entity?.countryOfIncorporation
    : missing(profile.individual, INDIVIDUAL_IDENTITY).length === 0
      ? profile.individual
      : undefined;
  const fields: RequirementPayload['fields'] = {
    IDENTITY_INFORMATION: identity,
    ADDRESS_INFORMATION: profile.addresses,
    TAX_JURISDICTION: h.taxJurisdictions,
    TAX_REPORTING: h.taxStatus,
    BANK_INFORMATION: profile.banks.filter((b) => b.status !== 'CLOSED'),
    INCORPORATION_ID: h.entity?.incorporationId,
    ENTITY_TYPE: h.entity?.entityType,
    LEGAL_NAME_OF_ENTITY: h.entity?.legalName,
    PROOF_OF_IDENTITY: documentsOf(profile, IDENTITY_DOCUMENT_KINDS),
    PROOF_OF_ADDRESS: documentsOf(profile, ['PROOF_OF_ADDRESS']),
    ENTITY_CERTIFIED_SUPPORT: documentsOf(profile, ['ENTITY_CERTIFIED_SUPPORT']),
    INVESTOR_BANK_SUPPORT: documentsOf(profile, ['INVESTOR_BANK_SUPPORT']),
    ADDITIONAL_DOCUMENTS: documentsOf(profile, ['ADDITIONAL_DOCUMENTS']),
  };
  if (!entity) return { fields };
  const members = entityMembers(profile).map((m) => {
    const person = profile.persons[m.personId]?.details;
    return {
      OWNER_DIRECTOR_TRUSTEE_BENEFICIARY: missing(person, PERSON_IDENTITY).length === 0 ? person : undefined,
      ROLE_IN_ENTITY: m.terms?.roles,
      PERCENTAGE_OWNERSHIP: m.terms?.ownershipPercent,
      TYPE_OF_CONTROLLING_PERSON: m.terms?.controllerTypes,
      EMAIL_ADDRESS: m.terms?.email,
      POSITION_OR_TITLE: m.terms?.position,
    };
  });
  return { fields, members };
};

const FIELD_OF_KIND: Partial<Record<RequirementKind, string>> = {
  ADDRESS_INFORMATION: 'addresses',
  TAX_JURISDICTION: 'header.taxJurisdictions',
  TAX_REPORTING: 'header.taxStatus',
  BANK_INFORMATION: 'bankAccounts',
  INCORPORATION_ID: 'header.entity.incorporationId',
  ENTITY_TYPE: 'header.entity.entityType',
  LEGAL_NAME_OF_ENTITY: 'header.entity.legalName',
  OWNER_DIRECTOR_TRUSTEE_BENEFICIARY: 'person',
  ROLE_IN_ENTITY: 'roles',
  PERCENTAGE_OWNERSHIP: 'ownershipPercent',
  TYPE_OF_CONTROLLING_PERSON: 'controllerTypes',
  EMAIL_ADDRESS: 'email',
  POSITION_OR_TITLE: 'position',
};

const requiredAt = (field: string): FieldIssue => ({ field, rule: 'required', message: REQUIRED_MESSAGE });

/**
 * Every field a submission lacks or must not carry, named where the profile holds it
 * (`individual.dateOfBirth`, `members.<memberId>.ownershipPercent`, `documents.PROOF_OF_ADDRESS`);
 * empty when the profile may go to review.
 */
export const submissionIssues = (profile: ProfileRecord, levels: RequirementLevels): FieldIssue[] => {
  const table = resolveRequirements(profile.type, levels);
  const members = profile.type === 'ENTITY' ? entityMembers(profile) : [];
  const issues: FieldIssue[] = [];
  const place = (i: RequirementIssue): FieldIssue[] => {
    const rule = i.code;
    const message = rule === 'required' ? REQUIRED_MESSAGE : HIDDEN_MESSAGE;
    if (i.path[0] === 'members' && typeof i.path[1] === 'number') {
      const m = members[i.path[1]];
      const memberId = m?.memberId ?? String(i.path[1]);
      if (i.kind === 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY' && rule === 'required') {
        const person = m ? profile.persons[m.personId]?.details : undefined;
        return missing(person, PERSON_IDENTITY).map((f) => requiredAt(`members.${memberId}.person.${f}`));
      }
      return [{ field: `members.${memberId}.${FIELD_OF_KIND[i.kind] ?? i.kind}`, rule, message }];
    }
    if (i.path[0] === 'members') return [{ field: 'members', rule, message }];
    if (i.kind === 'IDENTITY_INFORMATION' && rule === 'required') {
      if (profile.type === 'ENTITY') return [requiredAt('header.entity.countryOfIncorporation')];
      return missing(profile.individual, INDIVIDUAL_IDENTITY).map((f) => requiredAt(`individual.${f}`));
    }
    const field = FIELD_OF_KIND[i.kind] ?? `documents.${i.kind}`;
    return [{ field, rule, message }];
  };
  for (const i of validateRequirements(profile.type, requirementPayload(profile), levels)) issues.push(...place(i));

  // Beyond the per-kind table: a joint profile has its co-holder, and an entity names its people.
  if (profile.type === 'JOINT' && table.IDENTITY_INFORMATION === 'MANDATORY') {
    const coHolder = profile.members.find((m) => m.coHolder);
    if (!coHolder) issues.push(requiredAt('coHolder'));
    else {
      const person = profile.persons[coHolder.personId]?.details;
      for (const f of missing(person, INDIVIDUAL_IDENTITY)) issues.push(requiredAt(`coHolder.person.${f}`));
    }
  }
  if (profile.type === 'ENTITY' && table.OWNER_DIRECTOR_TRUSTEE_BENEFICIARY === 'MANDATORY' && members.length === 0) {
    issues.push(requiredAt('members'));
  }
  return issues;
};

// ---- Members and persons

/** How a member is named in a refusal: the person's name, else the member id. */
export const memberLabel = (member: StoredMember, persons: Record<string, StoredPerson>): string => {
  const d = persons[member.personId]?.details;
  const name = [d?.firstName, d?.lastName].filter(Boolean).join(' ');
  return name || member.memberId;
};

/** Hundredths of a percent: ownership is summed exactly, never in floating point. */
const basisPoints = (pct: number) => Math.round(pct * 100);

/**
 * A member's ownership is 0 to 100 with at most two decimals, and the entity's members together own at
 * most 100%: 422 naming the member being saved (its name and id).
 */
export const checkOwnership = (
  members: readonly StoredMember[],
  changed: StoredMember,
  persons: Record<string, StoredPerson>,
): void => {
  const pct = changed.terms?.ownershipPercent;
  const member = memberLabel(changed, persons);
  const field = { field: 'body.terms.ownershipPercent' };
  if (pct !== undefined && (pct < 0 || pct > 100 || Math.abs(pct * 100 - basisPoints(pct)) > 1e-6)) {
    throw new DomainError('ownershipOutOfRange', {
      member,
      memberId: changed.memberId,
      fields: [{ ...field, rule: 'range', message: `The ownership of ${member} must be between 0 and 100%` }],
    });
  }
  const total = members
    .filter((m) => !m.coHolder)
    .reduce((sum, m) => sum + basisPoints(m.terms?.ownershipPercent ?? 0), 0);
  if (total > 100 * 100) {
    const totalText = (total / 100).toFixed(2).replace(/\.?0+$/, '');
    throw new DomainError('ownershipOverTotal', {
      member,
      memberId: changed.memberId,
      total: totalText,
      fields: [{ ...field, rule: 'total', message: `Ownership adds up to ${totalText}%` }],
    });
  }
};

/** The same person may hold several roles as one member, but is never chosen as two members (spec §5). */
export const checkPersonChosen = (members: readonly StoredMember[], changed: StoredMember): void => {
  const other = members.find((m) => m.personId === changed.personId && m.memberId !== changed.memberId);
  if (other) {
    throw new DomainError('personChosen', {
      personId: changed.personId,
      memberId: other.memberId,
      fields: [{ field: 'body.personId', rule: 'personChosen', message: PROFILE_VALIDATION_MESSAGES.personChosen.en }],
    });
  }
};

const normalName = (s: string | undefined) =>
  (s ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A new person typed with the name and date of birth of one the investor has already: refused as
 * personChosen, naming the existing one, so the form offers it instead of a second copy.
 */
export const checkNotTypedTwice = (details: PersonDetails, persons: Record<string, StoredPerson>): void => {
  const first = normalName(details.firstName);
  const last = normalName(details.lastName);
  if (!first || !last) return;
  const same = Object.values(persons).find(
    (p) =>
      normalName(p.details.firstName) === first &&
      normalName(p.details.lastName) === last &&
      (p.details.dateOfBirth ?? '') === (details.dateOfBirth ?? ''),
  );
  if (same) {
    throw new DomainError('personChosen', {
      personId: same.personId,
      fields: [{ field: 'body.person', rule: 'personChosen', message: PROFILE_VALIDATION_MESSAGES.personChosen.en }],
    });
  }
};

/** The names of the fields that differ between two flat records (what an audit event records). */
export const changedFields = (before: object | undefined, after: object | undefined): string[] => {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .sort();
};
