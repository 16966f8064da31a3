import { useTranslation } from 'react-i18next';
import { EmptyState, HomeSection } from './home-section';

/**
 * Funds the investor expressed interest in or reserved: filled from their subscriptions once those
 * exist (issue 13). Until then it says what will appear.
 */
export const InterestSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection title={t('investorHome.interestHeading')}>
      <EmptyState title={t('investorHome.interestEmptyTitle')}>{t('investorHome.interestEmptyBody')}</EmptyState>
    </HomeSection>
  );
};

/** The investor's holdings: commitments, calls, distributions and value, once investing exists. */
export const InvestmentsSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection title={t('investorHome.investmentsHeading')}>
      <EmptyState title={t('investorHome.investmentsEmptyTitle')}>{t('investorHome.investmentsEmptyBody')}</EmptyState>
    </HomeSection>
  );
};
