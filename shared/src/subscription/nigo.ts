import type { SubscriptionType } from '../enums.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { Amount } from '../money.js';
import type { ProfileType } from '../profile/profile-enums.js';
import { units } from './amounts.js';
import { AMOUNT_REQUIRED, type AmountLimits } from './request.js';
import type { NigoFailure, PackageGap, SignerRole } from './subscription.schema.js';

/**
 * The NIGO firewall ("not in good order", DOMAIN.md: up to 60% of alternative-investment
 * subscriptions arrive NIGO): what PREPARE_SUBMISSION checks before a package may reach the manager.
 * Pure: the service gathers the facts, this lists every failure at once (so the investor fixes them
 * in one pass), each naming the step to fix and the field, with a catalogued code for its message.
 * An empty list means the package is in good order.
 */

/** The investor profile as the check needs it (read by the service from the profile and KYC records). */
export interface PackageProfile {
  type: ProfileType;
  /** The profile lifecycle's state: SUCCESS is verified (docs/profiles.md). */
  state: string;
  /** JOINT: the person ids of the co-holders, each of whom must sign. */
  coHolderIds: readonly string[];
  /** ENTITY: the person ids of its authorised signatories (members with the EXTERNAL role). */
  signatoryIds: readonly string[];
  /**
   * When each of its eligibility classifications expires (YYYY-MM-DD; the eligibility index of
   * docs/profiles.md, keys.ts pattern 38, one per certificate with evidence).
   */
  eligibilityExpiries: readonly string[];
  /** The status of the profile's newest KYC case, absent when it was never screened. */
  latestKycStatus?: string | undefined;
  /** A KYC case is open on it now (a rescreen flagged it, documents asked for). */
  kycCaseOpen: boolean;
}

export interface PackageFacts {
  type: SubscriptionType;
  amount?: Amount | undefined;
  limits: AmountLimits;
  /** The subscription's own investor (the holder signs as this id). */
  investorUserId: string;
  profile?: PackageProfile | undefined;
  /** What the scenario reported as still missing; undefined while it has reported nothing. */
  scenarioMissing?: readonly PackageGap[] | undefined;
  /** The fund's mandatory documents that apply to this investor, and those uploaded. */
  requiredDocKeys: readonly string[];
  uploadedDocKeys: readonly string[];
  signatures: readonly { signerId: string; role: SignerRole }[];
  /** Today (YYYY-MM-DD): eligibility is judged on the day of submission. */
  asOf: string;
}

const failure = (step: string, field: string, code: ErrorCode): NigoFailure => ({ step, field, code });

/** Which signatures the investor side owes: everyone who holds (joint), or one authorised signatory (entity). */
const signatureFailures = (f: PackageFacts, profile: PackageProfile): NigoFailure[] => {
  const signed = (role: SignerRole, id: string) => f.signatures.some((s) => s.role === role && s.signerId === id);
  if (profile.type === 'ENTITY') {
    if (profile.signatoryIds.length === 0) return [failure('SIGN', 'profile.members.signatory', 'signatureMissing')];
    return profile.signatoryIds.some((id) => signed('SIGNATORY', id))
      ? []
      : [failure('SIGN', 'signatures.SIGNATORY', 'signatureMissing')];
  }
  const out = signed('HOLDER', f.investorUserId) ? [] : [failure('SIGN', 'signatures.HOLDER', 'signatureMissing')];
  if (profile.type === 'JOINT') {
    // A joint account is only bound by every holder: each co-holder signs their own part.
    if (profile.coHolderIds.length === 0) out.push(failure('SIGN', 'profile.members.coHolder', 'signatureMissing'));
    for (const id of profile.coHolderIds) {
      if (!signed('CO_HOLDER', id)) out.push(failure('SIGN', `signatures.CO_HOLDER.${id}`, 'signatureMissing'));
    }
  }
  return out;
};

const amountFailures = (f: PackageFacts): NigoFailure[] => {
  if (f.amount === undefined) {
    return AMOUNT_REQUIRED[f.type] ? [failure('AMOUNT', 'amount', 'subscriptionAmountRequired')] : [];
  }
  const amount = units(f.amount);
  if (amount < units(f.limits.minInvestment)) return [failure('AMOUNT', 'amount', 'subscriptionAmountBelowMinimum')];
  if (f.limits.maxInvestment !== undefined && amount > units(f.limits.maxInvestment)) {
    return [failure('AMOUNT', 'amount', 'subscriptionAmountAboveMaximum')];
  }
  return [];
};

/**
 * Expired evidence blocks a new subscription (DOMAIN.md): refused when the profile has evidence and
 * every piece of it has expired (expired from its expiry day on, as assessEligibility counts). Any
 * current evidence is enough: the fund's jurisdiction is not a product field yet, so evidence of any
 * jurisdiction counts. A profile with no evidence at all is not refused here: whether a fund needs a
 * classification is the scenario's question (its eligibility step reports what is missing).
 */
export const eligibilityExpired = (profile: Pick<PackageProfile, 'eligibilityExpiries'>, asOf: string): boolean =>
  profile.eligibilityExpiries.length > 0 && profile.eligibilityExpiries.every((expiresOn) => expiresOn <= asOf);

export const checkPackage = (f: PackageFacts): NigoFailure[] => {
  const failures: NigoFailure[] = [];
  for (const gap of f.scenarioMissing ?? []) failures.push(failure(gap.step, gap.field, 'scenarioIncomplete'));
  for (const key of f.requiredDocKeys) {
    if (!f.uploadedDocKeys.includes(key))
      failures.push(failure('DOCUMENTS', `documents.${key}`, 'mandatoryDocumentMissing'));
  }
  failures.push(...amountFailures(f));
  const profile = f.profile;
  if (!profile) {
    failures.push(failure('PROFILE', 'profileId', 'profileNotVerified'));
    return failures;
  }
  if (profile.state !== 'SUCCESS') failures.push(failure('PROFILE', 'profileId', 'profileNotVerified'));
  if (eligibilityExpired(profile, f.asOf)) failures.push(failure('ELIGIBILITY', 'profileId', 'ELIGIBILITY_EXPIRED'));
  if (profile.kycCaseOpen || profile.latestKycStatus !== 'APPROVED') {
    failures.push(failure('SCREENING', 'profileId', 'screeningNotPassed'));
  }
  failures.push(...signatureFailures(f, profile));
  return failures;
};
