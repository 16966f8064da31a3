import type { EligibilityEvidence } from '@tranche/shared/profile/eligibility';
import type {
  AddressView,
  BankAccountInput,
  IndividualMeta,
  MemberTerms,
  PersonDetails,
  ProfileHeader,
} from '@tranche/shared/profile/profile.schema';
import type { ProfileType } from '@tranche/shared/profile/profile-enums';
import type { ProfileState } from '@tranche/shared/profile/profile-lifecycle';
import type { SealedSecret } from '#lib/crypto/secret-box';
import { tableName } from '#lib/db/client';
import type { TransactItem } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import type { BankNumbers } from '../bank-account/bank-number.js';
import type { ScreeningSubject } from '../screening/screening-index.js';

/**
 * Storage of investor profiles (keys.ts patterns 33, 34 and 37). A profile is one partition:
 *   #META          the header, owner, type, state and version (the owner index, pattern 34, on it)
 *   INDIVIDUAL     the individual's details
 *   ADDR#<type>    one address per type
 *   BANK#<bankId>  a bank or IRA account: its numbers sealed, their last 4 in the clear
 *   CERT#<class>   a classification certificate with its evidence
 *   MEMBER#<id>    an entity member or a joint co-holder: a reference to a person, and its terms
 *   DOC#<id>       documents (written by the documents part)
 *   EVT#...        the audit trail
 * Persons live in the investor's own partition (PERSON#<personId>) because one person serves every
 * profile of the investor. Every change conditions on the #META version, so a profile changes
 * one writer at a time, and the version a client saw is the one it must name.
 */

/**
 * A bank or IRA account as stored: its numbers only sealed (functions/src/bank-account/bank-number.ts),
 * with their last 4 characters in the clear for the masked views.
 */
export interface StoredBank extends Omit<BankAccountInput, 'accountNumber' | 'custodian'> {
  bankId: string;
  status: 'PENDING' | 'OPEN' | 'CLOSED';
  updatedAt: string;
  /** The GP admin's decision on these details (written by functions/src/bank-account/). */
  review?: { decision: 'APPROVED' | 'REJECTED'; reason: string; decidedBy: string; decidedAt: string };
  last4: string;
  custodian?: { name: string; last4: string };
  /** The account's and the custodian's numbers, one envelope; absent only on an item from before sealing. */
  sealedNumbers?: SealedSecret;
  /**
   * In memory only: the clear numbers of an item written before numbers were sealed (local demo data).
   * They are read as they are, and the next write of the account (any save or close) seals them.
   */
  legacyNumbers?: BankNumbers;
}

/** The last 4 characters of an account number, spaces ignored (an IBAN is typed with spaces). */
export const last4Of = (accountNumber: string): string => accountNumber.replace(/\s+/g, '').slice(-4);

/** A BANK# item (keys stripped) as a StoredBank; an item with a clear number keeps it in `legacyNumbers`. */
export const bankFromItem = (item: Record<string, unknown>): StoredBank => {
  const { accountNumber, custodian, ...rest } = item as Record<string, unknown> & {
    accountNumber?: unknown;
    custodian?: { name: string; last4?: string; accountNumber?: string };
  };
  if (typeof accountNumber !== 'string') return item as unknown as StoredBank;
  return {
    ...(rest as unknown as Omit<StoredBank, 'custodian'>),
    last4: last4Of(accountNumber),
    ...(custodian ? { custodian: { name: custodian.name, last4: last4Of(custodian.accountNumber ?? '') } } : {}),
    legacyNumbers: {
      accountNumber,
      ...(custodian?.accountNumber !== undefined ? { custodianAccountNumber: custodian.accountNumber } : {}),
    },
  };
};

export interface StoredCertificate {
  classification: string;
  evidence?: EligibilityEvidence;
  updatedAt: string;
}

export interface StoredMember {
  memberId: string;
  personId: string;
  /** JOINT profiles: the co-holder. */
  coHolder?: boolean;
  terms?: MemberTerms;
}

export interface StoredPerson {
  personId: string;
  details: PersonDetails;
  version: number;
  updatedAt: string;
}

/** A document of the profile as the documents part stores it; only what the requirement check reads. */
export interface StoredDocument {
  documentId: string;
  /** The requirement kind or ID document category the document was attached as. */
  kind?: string;
  status?: string;
}

export interface StoredProfile {
  profileId: string;
  type: ProfileType;
  ownerUserId: string;
  state: ProfileState;
  version: number;
  createdAt: string;
  updatedAt: string;
  submittedAt?: string;
  decidedAt?: string;
  header: ProfileHeader;
  individual?: IndividualMeta;
  addresses: AddressView[];
  banks: StoredBank[];
  certificates: StoredCertificate[];
  members: StoredMember[];
  documents: StoredDocument[];
}

/** A profile with the persons its members name: what KYC, screening and the routes read. */
export interface ProfileRecord extends StoredProfile {
  persons: Record<string, StoredPerson>;
}

const strip = (item: Record<string, unknown>) => {
  // The keys, the item type and the profile id are storage, not part of the record.
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, type: _t, profileId: _p, ...rest } = item;
  return rest;
};

/** Every item of the profile's partition but its audit trail (EVT#...), which sorts between DOC# and INDIVIDUAL. */
const readPartition = async (tenantId: string, profileId: string) => {
  const pk = keys.profilePk(tenantId, profileId);
  const [before, after] = await Promise.all([
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK < :evt',
      ExpressionAttributeValues: { ':pk': pk, ':evt': 'EVT#' },
      ConsistentRead: true,
    }),
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK > :evtEnd',
      ExpressionAttributeValues: { ':pk': pk, ':evtEnd': 'EVT$' },
      ConsistentRead: true,
    }),
  ]);
  return [...before, ...after];
};

export const toStoredProfile = (items: Record<string, unknown>[]): StoredProfile | undefined => {
  const meta = items.find((i) => i.SK === '#META');
  if (!meta) return undefined;
  const profile: StoredProfile = {
    profileId: meta.profileId as string,
    type: meta.profileType as ProfileType,
    ownerUserId: meta.ownerUserId as string,
    state: meta.state as ProfileState,
    version: meta.version as number,
    createdAt: meta.createdAt as string,
    updatedAt: meta.updatedAt as string,
    ...(meta.submittedAt ? { submittedAt: meta.submittedAt as string } : {}),
    ...(meta.decidedAt ? { decidedAt: meta.decidedAt as string } : {}),
    header: (meta.header as ProfileHeader | undefined) ?? {},
    addresses: [],
    banks: [],
    certificates: [],
    members: [],
    documents: [],
  };
  for (const item of items) {
    const sk = item.SK as string;
    if (sk === 'INDIVIDUAL') profile.individual = item.meta as IndividualMeta;
    else if (sk.startsWith('ADDR#')) profile.addresses.push(item.address as AddressView);
    else if (sk.startsWith('BANK#')) profile.banks.push(bankFromItem(strip(item)));
    else if (sk.startsWith('CERT#')) profile.certificates.push(strip(item) as unknown as StoredCertificate);
    else if (sk.startsWith('MEMBER#')) profile.members.push(strip(item) as unknown as StoredMember);
    else if (sk.startsWith(keys.profileDocumentPrefix)) {
      profile.documents.push({
        documentId: (item.documentId as string | undefined) ?? sk.slice(keys.profileDocumentPrefix.length),
        ...(typeof item.kind === 'string' ? { kind: item.kind } : {}),
        ...(typeof item.status === 'string' ? { status: item.status } : {}),
      });
    }
  }
  return profile;
};

/** The investor's persons, by id. */
export const readPersons = async (tenantId: string, userId: string): Promise<Record<string, StoredPerson>> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :person)',
    ExpressionAttributeValues: { ':pk': keys.userPk(tenantId, userId), ':person': keys.personPrefix },
    ConsistentRead: true,
  });
  return Object.fromEntries(
    items.map((i) => [
      i.personId as string,
      {
        personId: i.personId as string,
        details: i.details as PersonDetails,
        version: i.version as number,
        updatedAt: i.updatedAt as string,
      },
    ]),
  );
};

/**
 * The whole profile with its members' persons, read consistently; undefined when the tenant has no
 * such profile. It does not check the owner: routes do (`ownProfile`), the KYC review reads any
 * profile of its tenant.
 */
export const readProfile = async (tenantId: string, profileId: string): Promise<ProfileRecord | undefined> => {
  const profile = toStoredProfile(await readPartition(tenantId, profileId));
  if (!profile) return undefined;
  const persons = await readPersons(tenantId, profile.ownerUserId);
  return { ...profile, persons };
};

/** The profile's ids of an owner, newest first (pattern 34). */
export const listProfileMetas = async (tenantId: string, userId: string): Promise<StoredProfile[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.profilesOfUserPk(tenantId, userId) },
    ScanIndexForward: false,
  });
  return items.map((meta) => toStoredProfile([meta])).filter((p): p is StoredProfile => p !== undefined);
};

const personName = (d: PersonDetails | IndividualMeta | undefined): string =>
  [d?.firstName, d?.middleName, d?.lastName].filter(Boolean).join(' ');

/**
 * Who screening must check for this profile: the individual (and a joint profile's co-holder), or the
 * entity itself and every person of it. `ref` is the profile id for the profile's own subject and
 * the person id for a person, so a match names whom it is about.
 */
export const screeningSubjects = (profile: ProfileRecord): ScreeningSubject[] => {
  const subjects: ScreeningSubject[] = [];
  const person = (ref: string, d: PersonDetails | undefined): ScreeningSubject | undefined => {
    const name = personName(d);
    if (!name) return undefined;
    return {
      ref,
      kind: 'person',
      name,
      ...(d?.realName ? { aliases: [d.realName] } : {}),
      ...(d?.dateOfBirth ? { birthDate: d.dateOfBirth } : {}),
      countries: [d?.nationality, d?.countryOfResidence].filter((c): c is NonNullable<typeof c> => Boolean(c)),
    };
  };
  if (profile.type === 'ENTITY') {
    const entity = profile.header.entity;
    if (entity?.legalName) {
      subjects.push({
        ref: profile.profileId,
        kind: 'organisation',
        name: entity.legalName,
        ...(entity.countryOfIncorporation ? { countries: [entity.countryOfIncorporation] } : {}),
      });
    }
  } else {
    const own = person(profile.profileId, profile.individual);
    if (own) subjects.push(own);
  }
  const seen = new Set<string>();
  for (const m of profile.members) {
    if (seen.has(m.personId)) continue;
    seen.add(m.personId);
    const s = person(m.personId, profile.persons[m.personId]?.details);
    if (s) subjects.push(s);
  }
  return subjects;
};

// ---- Writes (TransactItems for commit)

const metaAttributes = (p: StoredProfile) => ({
  profileId: p.profileId,
  profileType: p.type,
  ownerUserId: p.ownerUserId,
  state: p.state,
  version: p.version,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  ...(p.submittedAt ? { submittedAt: p.submittedAt } : {}),
  ...(p.decidedAt ? { decidedAt: p.decidedAt } : {}),
  header: p.header,
});

/** A new profile's #META item, with its owner index; only if the id is new. */
export const putNewProfile = (tenantId: string, p: StoredProfile): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...keys.profile(tenantId, p.profileId),
      ...keys.profilesOfUser(tenantId, p.ownerUserId, p.createdAt, p.profileId),
      type: 'PROFILE',
      ...metaAttributes(p),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * The #META item rewritten at the next version, if it is still at the version the change was decided
 * on and in the state it was read in: whoever changed it in between makes this change decide again.
 */
export const putProfileMeta = (tenantId: string, p: StoredProfile, seen: { version: number; state: string }) => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...keys.profile(tenantId, p.profileId),
      ...keys.profilesOfUser(tenantId, p.ownerUserId, p.createdAt, p.profileId),
      type: 'PROFILE',
      ...metaAttributes(p),
    },
    ConditionExpression: 'version = :seen AND #state = :state',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':seen': seen.version, ':state': seen.state },
  },
});

export const deleteProfileItem = (tenantId: string, profileId: string, sk: string): TransactItem => ({
  Delete: { TableName: tableName(), Key: keys.profilePart(tenantId, profileId, sk) },
});

export const putProfilePart = (
  tenantId: string,
  profileId: string,
  sk: string,
  itemType: string,
  attributes: Record<string, unknown>,
): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.profilePart(tenantId, profileId, sk), type: itemType, profileId, ...attributes },
  },
});

export const individualItem = (tenantId: string, profileId: string, meta: IndividualMeta) =>
  putProfilePart(tenantId, profileId, 'INDIVIDUAL', 'PROFILE_INDIVIDUAL', { meta });
export const addressItem = (tenantId: string, profileId: string, address: AddressView) =>
  putProfilePart(tenantId, profileId, `ADDR#${address.type}`, 'PROFILE_ADDRESS', { address });
/** The account's item: only with its numbers sealed, so no path writes a clear number back. */
export const bankItem = (tenantId: string, profileId: string, bank: StoredBank) => {
  const { legacyNumbers: _clear, ...stored } = bank;
  if (!stored.sealedNumbers) throw new Error('A bank account is written only with its numbers sealed');
  return putProfilePart(tenantId, profileId, `BANK#${bank.bankId}`, 'PROFILE_BANK', { ...stored });
};
export const certificateItem = (tenantId: string, profileId: string, cert: StoredCertificate) =>
  putProfilePart(tenantId, profileId, `CERT#${cert.classification}`, 'PROFILE_CERTIFICATE', { ...cert });
export const memberItem = (tenantId: string, profileId: string, member: StoredMember) =>
  putProfilePart(tenantId, profileId, `MEMBER#${member.memberId}`, 'PROFILE_MEMBER', { ...member });

/** A person, new (version 1: only if absent) or at the next version of the one read. */
export const putPerson = (tenantId: string, userId: string, person: StoredPerson): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.person(tenantId, userId, person.personId), type: 'PERSON', ...person },
    ...(person.version === 1
      ? { ConditionExpression: 'attribute_not_exists(PK)' }
      : {
          ConditionExpression: 'version = :seen',
          ExpressionAttributeValues: { ':seen': person.version - 1 },
        }),
  },
});

/** Every item of the profile's partition but the audit trail: what deleting the profile removes. */
export const profileItemKeys = async (tenantId: string, profileId: string): Promise<string[]> =>
  (await readPartition(tenantId, profileId)).map((i) => i.SK as string);
