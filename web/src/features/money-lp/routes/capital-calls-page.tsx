import { Container, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { useInvestorCalls } from '@/features/money-lp/api/money';
import { CallNotice } from '@/features/money-lp/components/call-notice';
import { InvestorOnly } from '@/features/money-lp/components/investor-only';
import { PageHead } from '@/features/money-lp/components/page-head';
import { useTenant } from '@/features/tenant';

/** /capital-calls: every capital call notice of the investor, newest first, itemised. */
const CapitalCallsPage = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  useDocumentTitle(`${t('moneyLp.calls.title')} · ${tenant.branding.displayName}`);
  return <InvestorOnly>{() => <Calls />}</InvestorOnly>;
};
export default CapitalCallsPage;

const Calls = () => {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useInvestorCalls();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHead title={t('moneyLp.calls.title')} intro={t('moneyLp.calls.intro')} />
        {isLoading ? (
          <Stack gap="md" role="status" aria-busy="true" aria-label={t('moneyLp.loading')}>
            <Skeleton h={280} radius="md" />
            <Skeleton h={280} radius="md" />
          </Stack>
        ) : error || !data ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : data.items.length === 0 ? (
          <NoticePanel title={t('moneyLp.calls.emptyTitle')}>{t('moneyLp.calls.emptyBody')}</NoticePanel>
        ) : (
          data.items.map((call) => <CallNotice key={`${call.callId}:${call.subscriptionId}`} call={call} />)
        )}
      </Stack>
    </Container>
  );
};
