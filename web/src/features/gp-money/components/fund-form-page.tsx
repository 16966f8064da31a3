import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useMoneyFunds } from '@/features/gp-money/api/money';

type Funds = NonNullable<ReturnType<typeof useMoneyFunds>['data']>['items'];

/**
 * The frame of a page that makes something for one of the tenant's funds (a capital call, a
 * distribution): its title in the tab and as h1, the way back, and the funds loaded (no access, a load
 * error with a retry, a loader) before the page's own form gets them.
 */
export const FundFormPage = ({
  title,
  intro,
  back,
  loading,
  children,
}: {
  title: string;
  intro: string;
  back: { to: string; label: string };
  loading: string;
  children: (funds: Funds) => ReactNode;
}) => {
  useDocumentTitle(title);
  const funds = useMoneyFunds();
  if (isAccessError(funds.error)) return <AccessNotice error={funds.error} />;
  if (funds.error) return <LoadError error={funds.error} onRetry={() => void funds.mutate()} />;
  if (!funds.data) return <PageLoader label={loading} />;
  return (
    <Stack gap="lg" maw={760}>
      <BackLink to={back.to}>{back.label}</BackLink>
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
      </div>
      {children(funds.data.items)}
    </Stack>
  );
};
