import { Button, Container } from '@mantine/core';
import { isGp } from '@tranche/shared/auth/roles';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticePanel } from '@/components/notice-panel';
import { useMoneyLpLocales } from '@/features/money-lp/locales';
import { SignedIn } from '@/features/session/signed-in';

/**
 * The frame of every investor money page: its strings, the signed-in check (a visitor is asked to
 * sign in and comes back), and a plain notice for the manager's team, whose money screens are in
 * the console.
 */
export const InvestorOnly = ({
  loadingLabel,
  children,
}: {
  loadingLabel?: string;
  children: (user: CurrentUser) => ReactNode;
}) => {
  useMoneyLpLocales();
  const { t } = useTranslation();
  return (
    <SignedIn loadingLabel={loadingLabel ?? t('moneyLp.loading')}>
      {(user) =>
        isGp(user.role) ? (
          <Container size="sm" py="xl">
            <NoticePanel
              title={t('moneyLp.notInvestorTitle')}
              headingOrder={1}
              action={
                <Button component={Link} to="/gp">
                  {t('moneyLp.openConsole')}
                </Button>
              }
            >
              {t('moneyLp.notInvestorBody')}
            </NoticePanel>
          </Container>
        ) : (
          children(user)
        )
      }
    </SignedIn>
  );
};
