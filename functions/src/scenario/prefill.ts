import type { FormElement, NodeValues, PrefillSource } from '@tranche/shared/scenario/scenario.schema';
import { readProfile } from '../profile/profile.repo.js';
import { allOfInvestor, type SubscriptionRecord } from '../subscription/subscription.repo.js';
import { readJourney } from './scenario.repo.js';

/**
 * Prefill, never retype (issue 13, deliverable 6): a form's fields that name a source start with the
 * investor's data, which they confirm or correct. Sources: the profile the subscription names (the
 * one the NIGO check holds to be verified), the investor's previous subscription (newest other one,
 * this fund's first: its amount and the answers its journey recorded under the same field id), and
 * this subscription. A source without a value leaves the field empty.
 */

/** Subscriptions that ended without money: not a "previous investment" to copy from. */
const ENDED = new Set(['REJECTED', 'EXPIRED', 'CLOSE']);

export const prefillValues = async (
  tenantId: string,
  subscription: SubscriptionRecord,
  elements: readonly FormElement[],
): Promise<NodeValues> => {
  const wanted = elements.filter((e) => e.prefill && e.requirement !== 'HIDDEN');
  if (wanted.length === 0) return {};
  const sources = new Set(wanted.map((e) => e.prefill!.split('.')[0]));
  const profile =
    sources.has('profile') && subscription.profileId ? await readProfile(tenantId, subscription.profileId) : undefined;
  let previous: { record: SubscriptionRecord; answers: Record<string, unknown> } | undefined;
  if (sources.has('previous')) {
    const others = (await allOfInvestor(tenantId, subscription.investorUserId)).filter(
      (r) => r.subscriptionId !== subscription.subscriptionId && !ENDED.has(r.status),
    );
    const record = others.find((r) => r.productId === subscription.productId) ?? others[0];
    if (record) {
      const { results } = await readJourney(tenantId, record.subscriptionId);
      const answers: Record<string, unknown> = {};
      for (const r of results.values()) if (r.state === 'DONE') Object.assign(answers, r.values);
      previous = { record, answers };
    }
  }
  const individual = profile?.individual;
  const fullName = [individual?.firstName, individual?.middleName, individual?.lastName].filter(Boolean).join(' ');
  const value = (source: PrefillSource): unknown => {
    switch (source) {
      case 'profile.displayName':
        return fullName || profile?.header.displayName;
      case 'profile.email':
        return individual?.email;
      case 'profile.phone':
        return individual?.phone;
      case 'profile.countryOfResidence':
        return individual?.countryOfResidence;
      case 'profile.taxResidency':
        return profile?.header.taxJurisdictions?.[0]?.country;
      case 'profile.entityName':
        return profile?.header.entity?.legalName;
      case 'previous.amount':
        return previous?.record.amount;
      case 'previous.sourceOfFunds':
        return previous?.answers.sourceOfFunds;
      case 'previous.distributionPreference':
        return previous?.answers.distributionPreference;
      case 'subscription.amount':
        return subscription.amount;
      case 'subscription.currency':
        return subscription.currency;
    }
  };
  const out: NodeValues = {};
  for (const el of wanted) {
    const v = value(el.prefill!);
    if (typeof v === 'string' && v !== '') out[el.id] = v;
  }
  return out;
};
