import type { Subscription } from '@tranche/shared/subscription/subscription.schema';
import { useTranslation } from 'react-i18next';
import { PartyLinks } from '@/features/subscriptions/components/party-links';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';

/**
 * The case page's view of the people the journey waits for besides the investor (a joint account's
 * co-holders, an entity's signatories), with their links' state and Resend (docs/subscriptions.md
 * "Contacts, contract documents, inbox nodes"). Shown only while the journey waits at such a step.
 */
export const PartyLinksPanel = ({ subscription }: { subscription: Subscription }) => {
  useSubscriptionsLocales();
  const { t } = useTranslation();
  // A paper order (Add manually) has no journey.
  if (subscription.type === 'COMMON_SUBSCRIPTION') return null;
  return (
    <PartyLinks subscriptionId={subscription.subscriptionId} heading={t('subscriptions.parties.caseTitle')} framed />
  );
};
