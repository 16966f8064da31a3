/**
 * Investor profiles (issue 11): the stored profile, its parts (individual details, addresses, bank
 * accounts, classification certificates, entity members), the investor's persons, and the request and
 * response of every /subscription/profile/ route. docs/profiles.md, "Profiles (server)".
 *
 * Drafts save part by part (save-and-exit), so a part's fields are optional here; what must be present
 * is the tenant's requirement table's business, checked when the profile is submitted
 * (requirement-levels.ts). A value the tenant HIDES is refused whenever it is sent.
 */

import { IdSchema, IsoDateSchema, IsoDateTimeSchema, safeText } from '../common.schema.js';
import { CountryCodeSchema } from '../country/iso-3166.js';
import * as z from '../lazy-zod.js';
import { CurrencySchema } from '../money.js';
import { EmailSchema, PhoneSchema } from '../user/user.schema.js';
import type { EligibilityEvidence } from './eligibility.js';
import {
  AccountKindSchema,
  AccountStatusSchema,
  BeneficialOwnerTypeSchema,
  EntityPersonRoleSchema,
  EntityTypeSchema,
  IdDocumentTypeSchema,
  InvestorClassificationSchema,
  IraTypeSchema,
  JobTitleSchema,
  type Labels,
  ProfileTypeSchema,
  RequirementKindSchema,
  RequirementLevelSchema,
  TaxStatusSchema,
  ValidationStatusSchema,
  VehicleTypeSchema,
} from './profile-enums.js';
import { PROFILE_STATES } from './profile-lifecycle.js';
import { RequirementLevelsSchema } from './requirement-levels.js';

const l = (en: string, zh: string): Labels => ({ en, 'zh-CN': zh });

/** A version the server handed out; every change names the one it saw (stale: 409 VERSION_CONFLICT). */
export const ProfileVersionSchema = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31);

const Name = safeText({ max: 100 });
const Line = safeText({ max: 200 });

// ---- Address types (ours: the spec lists "address information" without kinds)
export const ADDRESS_TYPES = ['RESIDENTIAL', 'MAILING', 'REGISTERED', 'BUSINESS'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const AddressTypeSchema = z.enum(ADDRESS_TYPES);
export const ADDRESS_TYPE_LABELS: Record<AddressType, Labels> = {
  RESIDENTIAL: l('Residential address', '居住地址'),
  MAILING: l('Mailing address', '通讯地址'),
  REGISTERED: l('Registered address', '注册地址'),
  BUSINESS: l('Principal place of business', '主要营业地点'),
};

// ---- Persons: the investor's people, typed once and chosen by id in every profile that needs them

export const IdDocumentSchema = z.strictObject({
  type: IdDocumentTypeSchema,
  number: safeText({ max: 64 }),
  issuingCountry: CountryCodeSchema,
  expiryDate: IsoDateSchema.optional(),
});
export type IdDocument = z.infer<typeof IdDocumentSchema>;

/** A person's identity as screening and KYC read it. Names are Latin-script legal names; realName the native one. */
export const PersonDetailsSchema = z.strictObject({
  firstName: Name.optional(),
  middleName: Name.optional(),
  lastName: Name.optional(),
  /** The name in the person's own script (Chinese characters for a Chinese name): spec §5 `realName`. */
  realName: safeText({ max: 50 }).optional(),
  dateOfBirth: IsoDateSchema.optional(),
  nationality: CountryCodeSchema.optional(),
  countryOfResidence: CountryCodeSchema.optional(),
  idDocument: IdDocumentSchema.optional(),
  /** E.164; checked against the country's numbering plan by the server (spec §5 `phone`). */
  phone: PhoneSchema.optional(),
  email: EmailSchema.optional(),
});
export type PersonDetails = z.infer<typeof PersonDetailsSchema>;

export const PersonSchema = PersonDetailsSchema.extend({
  personId: IdSchema,
  version: ProfileVersionSchema,
  /** The investor's profiles that name this person (as a member or the joint co-holder). */
  profileIds: z.array(IdSchema),
  updatedAt: IsoDateTimeSchema,
});
export type Person = z.infer<typeof PersonSchema>;
export const PersonListSchema = z.object({ items: z.array(PersonSchema) });

// ---- Profile header (patch-profile)

export const TaxJurisdictionSchema = z.strictObject({
  country: CountryCodeSchema,
  /** Taxpayer identification number; absent only with a reason (a country that issues none). */
  tin: safeText({ max: 40 }).optional(),
  noTinReason: safeText({ max: 200 }).optional(),
});
export type TaxJurisdiction = z.infer<typeof TaxJurisdictionSchema>;

export const EntityDetailsSchema = z.strictObject({
  legalName: Line.optional(),
  countryOfIncorporation: CountryCodeSchema.optional(),
  /** One of entityTypesFor(countryOfIncorporation); the server refuses any other. */
  entityType: EntityTypeSchema.optional(),
  incorporationId: safeText({ max: 64 }).optional(),
  dateOfIncorporation: IsoDateSchema.optional(),
  vehicleType: VehicleTypeSchema.optional(),
});
export type EntityDetails = z.infer<typeof EntityDetailsSchema>;

/** What patch-profile sets: the whole header each time (a field left out is cleared). */
export const ProfileHeaderSchema = z.strictObject({
  /** The investor's own label for the profile ("Family trust"); shown in lists. */
  displayName: safeText({ max: 100 }).optional(),
  taxStatus: TaxStatusSchema.optional(),
  taxJurisdictions: z.array(TaxJurisdictionSchema).max(10).optional(),
  /** ENTITY only. */
  entity: EntityDetailsSchema.optional(),
});
export type ProfileHeader = z.infer<typeof ProfileHeaderSchema>;

// ---- Individual details (the INDIVIDUAL profile's investor, the JOINT profile's first holder)

export const IndividualMetaSchema = PersonDetailsSchema.extend({
  jobTitle: JobTitleSchema.optional(),
  /** Only with jobTitle OTHER. */
  jobTitleOther: safeText({ max: 100 }).optional(),
  employer: Line.optional(),
});
export type IndividualMeta = z.infer<typeof IndividualMetaSchema>;

// ---- Addresses, one per type

export const AddressSchema = z.strictObject({
  line1: Line,
  line2: Line.optional(),
  city: safeText({ max: 100 }),
  region: safeText({ max: 100 }).optional(),
  postalCode: safeText({ max: 20 }).optional(),
  country: CountryCodeSchema,
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressViewSchema = AddressSchema.extend({ type: AddressTypeSchema });
export type AddressView = z.infer<typeof AddressViewSchema>;

// ---- Bank accounts: the full number goes in, never comes out (masked to its last 4)

/** An IRA's custodian (the spec's "mt custodian": the IRA custodian holding the account). */
export const CustodianSchema = z.strictObject({
  name: Line,
  accountNumber: safeText({ max: 40 }),
});

export const BankAccountInputSchema = z.strictObject({
  kind: AccountKindSchema,
  bankName: Line,
  accountName: Line,
  /** Letters, digits and spaces (an IBAN is typed with spaces); stored whole, answered masked. */
  accountNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ]{4,40}$/, 'Letters and digits only, 4 to 40'),
  currency: CurrencySchema,
  bankCountry: CountryCodeSchema,
  swiftBic: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Must be an 8 or 11 character SWIFT/BIC')
    .optional(),
  routingNumber: z
    .string()
    .regex(/^\d{9}$/, 'Must be a 9-digit ABA routing number')
    .optional(),
  /** IRA only. */
  iraType: IraTypeSchema.optional(),
  /** IRA only. */
  custodian: CustodianSchema.optional(),
});
export type BankAccountInput = z.infer<typeof BankAccountInputSchema>;

/** A bank account as every route answers it: status, and the number masked. */
export const BankAccountViewSchema = BankAccountInputSchema.omit({ accountNumber: true, custodian: true }).extend({
  bankId: IdSchema,
  /** PENDING until a GP admin approves a new or changed account; no payout uses a PENDING one. */
  status: AccountStatusSchema,
  /** `•••• 1234`. */
  accountNumberMasked: z.string(),
  last4: z.string(),
  custodian: z.object({ name: z.string(), accountNumberMasked: z.string() }).optional(),
  updatedAt: IsoDateTimeSchema,
  /** The GP admin's decision on these details, with its reason (a rejected account is CLOSED). */
  review: z
    .object({ decision: z.enum(['APPROVED', 'REJECTED']), reason: z.string(), decidedAt: IsoDateTimeSchema })
    .optional(),
});
export type BankAccountView = z.infer<typeof BankAccountViewSchema>;

/** get-meta-mt-custodian-data-by-type: the IRA accounts of one IRA type with their custodians. */
export const CustodianDataSchema = z.object({
  items: z.array(
    z.object({
      bankId: IdSchema,
      iraType: IraTypeSchema,
      status: AccountStatusSchema,
      custodianName: z.string(),
      custodianAccountMasked: z.string(),
    }),
  ),
});

// ---- Classification certificates: one per classification, with its evidence

/**
 * The evidence of one classification, in the eligibility part's shape (`EligibilityEvidence`,
 * shared/src/profile/eligibility.ts). Here a record: the route table would otherwise carry the
 * eligibility rules (and decimal.js) into every profile handler's bundle; the certificate's handler
 * parses it with `EligibilityEvidenceSchema` and refuses a test that establishes another
 * classification, naming `body.certificate.evidence.<field>`.
 */
const EvidenceSchema = z.custom<EligibilityEvidence>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
export const CertificateInputSchema = z.strictObject({
  classification: InvestorClassificationSchema,
  evidence: EvidenceSchema.optional(),
});
export const CertificateViewSchema = z.object({
  classification: InvestorClassificationSchema,
  evidence: EvidenceSchema.optional(),
  updatedAt: IsoDateTimeSchema,
});
export type CertificateView = z.infer<typeof CertificateViewSchema>;

// ---- Entity members: a person of the investor's, in one or more roles in this entity

export const MemberTermsSchema = z.strictObject({
  /** Director, controlling person, authorised signatory (EXTERNAL); required at submit when the tenant asks for roles. */
  roles: z.array(EntityPersonRoleSchema).min(1).max(3).optional(),
  /** How the person owns or controls the entity: beneficial owner and controller types, `_eq` for legal arrangements. */
  controllerTypes: z.array(BeneficialOwnerTypeSchema).max(13).optional(),
  /** 0 to 100, at most two decimals. The range and the entity's total are checked by the server (422 naming the member). */
  ownershipPercent: z.number().finite().optional(),
  position: safeText({ max: 100 }).optional(),
  email: EmailSchema.optional(),
});
export type MemberTerms = z.infer<typeof MemberTermsSchema>;

export const MemberViewSchema = MemberTermsSchema.extend({
  memberId: IdSchema,
  personId: IdSchema,
  person: PersonDetailsSchema,
});
export type MemberView = z.infer<typeof MemberViewSchema>;

// ---- The profile as answered

export const ProfileStateSchema = z.enum(PROFILE_STATES);

export const ProfileSummarySchema = z.object({
  profileId: IdSchema,
  type: ProfileTypeSchema,
  /** The profile's name for lists: its display name, else the investor's or entity's legal name. */
  name: z.string(),
  state: ProfileStateSchema,
  validationStatus: ValidationStatusSchema,
  version: ProfileVersionSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  submittedAt: IsoDateTimeSchema.optional(),
  decidedAt: IsoDateTimeSchema.optional(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;
export const ProfileListSchema = z.object({ items: z.array(ProfileSummarySchema) });

export const ProfileSchema = ProfileSummarySchema.extend({
  header: ProfileHeaderSchema,
  individual: IndividualMetaSchema.optional(),
  /** JOINT: the co-holder, one of the investor's persons. */
  coHolder: z.object({ personId: IdSchema, person: PersonDetailsSchema }).optional(),
  addresses: z.array(AddressViewSchema),
  bankAccounts: z.array(BankAccountViewSchema),
  certificates: z.array(CertificateViewSchema),
  members: z.array(MemberViewSchema),
});
export type Profile = z.infer<typeof ProfileSchema>;

// ---- Requests

export const ProfileIdQuerySchema = z.strictObject({ profileId: IdSchema });
export const DeleteProfileQuerySchema = z.strictObject({
  profileId: IdSchema,
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31),
});

/** patch-profile: without the profileId query parameter it creates a draft of `type`; with one it replaces the header. */
export const PatchProfileBodySchema = z.strictObject({
  /** Required to create; must equal the profile's type when given on an update. */
  type: ProfileTypeSchema.optional(),
  /** Required on an update. */
  version: ProfileVersionSchema.optional(),
  header: ProfileHeaderSchema,
});
export type PatchProfileBody = z.infer<typeof PatchProfileBodySchema>;

export const PatchIndividualMetaBodySchema = z.strictObject({
  version: ProfileVersionSchema,
  meta: IndividualMetaSchema,
});

export const AddressQuerySchema = z.strictObject({ profileId: IdSchema, type: AddressTypeSchema });
export const PatchAddressBodySchema = z.strictObject({
  version: ProfileVersionSchema,
  type: AddressTypeSchema,
  /** null removes the address of this type. */
  address: AddressSchema.nullable(),
});

export const BankQuerySchema = z.strictObject({ profileId: IdSchema, type: AccountKindSchema });
export const BankAccountListSchema = z.object({ items: z.array(BankAccountViewSchema) });
export const PatchBankBodySchema = z.strictObject({
  version: ProfileVersionSchema,
  /** Absent: a new account. */
  bankId: IdSchema.optional(),
  /** The account; or `{ close: true }` to close an existing one (never deleted: payouts reference it). */
  account: BankAccountInputSchema.optional(),
  close: z.literal(true).optional(),
});

export const CustodianQuerySchema = z.strictObject({ profileId: IdSchema, type: IraTypeSchema });

export const CertificateQuerySchema = z.strictObject({ profileId: IdSchema, type: InvestorClassificationSchema });
export const CertificateAnswerSchema = z.object({ certificate: CertificateViewSchema.nullable() });
export const PatchCertificateBodySchema = z.strictObject({
  version: ProfileVersionSchema,
  certificate: CertificateInputSchema,
  /** true removes this classification's certificate. */
  remove: z.literal(true).optional(),
});

export const MemberListSchema = z.object({ items: z.array(MemberViewSchema) });

/**
 * patch-meta-members-info: add a member (no memberId) or change one. The person is either an existing
 * one (personId: chosen from `persons`, its details left as they are unless `person` is also given,
 * with `personVersion`) or a new one (person only). JOINT profiles use it for the co-holder, with
 * `coHolder: true` and no terms.
 */
export const PatchMemberBodySchema = z.strictObject({
  version: ProfileVersionSchema,
  memberId: IdSchema.optional(),
  personId: IdSchema.optional(),
  personVersion: ProfileVersionSchema.optional(),
  person: PersonDetailsSchema.optional(),
  terms: MemberTermsSchema.optional(),
  coHolder: z.literal(true).optional(),
});
export type PatchMemberBody = z.infer<typeof PatchMemberBodySchema>;

export const DeleteMemberBodySchema = z.strictObject({
  version: ProfileVersionSchema,
  memberId: IdSchema,
});

export const SubmitProfileBodySchema = z.strictObject({ version: ProfileVersionSchema });

// ---- The tenant's requirement levels (GP settings; read by every form)

/**
 * The tenant's own levels (only its changes from the defaults) and the resolved table per profile type.
 * Version 0: the tenant never changed them (no item yet); the first save names 0.
 */
export const ProfileRequirementsDocSchema = z.object({
  settings: RequirementLevelsSchema,
  version: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  resolved: z.record(ProfileTypeSchema, z.record(RequirementKindSchema, RequirementLevelSchema)),
});
export type ProfileRequirementsDoc = z.infer<typeof ProfileRequirementsDocSchema>;
export const UpdateProfileRequirementsSchema = z.strictObject({
  settings: RequirementLevelsSchema,
  version: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
});
