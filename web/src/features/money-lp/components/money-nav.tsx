import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { CALLS_PATH, PORTFOLIO_PATH, REDEMPTIONS_PATH, TRANSACTIONS_PATH } from '@/features/money-lp/paths';

const LINKS = [
  [PORTFOLIO_PATH, 'portfolio'],
  [TRANSACTIONS_PATH, 'transactions'],
  [CALLS_PATH, 'calls'],
  [REDEMPTIONS_PATH, 'redemptions'],
] as const;

/**
 * The money pages' own menu (the portal's header has one "Portfolio" link): a named navigation, the
 * current page marked for screen readers by NavLink's aria-current and for the eye by its fill.
 */
export const MoneyNav = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t('moneyLp.sectionNav')} gap="xs" wrap="wrap">
      {LINKS.map(([to, key]) => {
        const current = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <Button
            key={to}
            component={NavLink}
            to={to}
            end={false}
            size="compact-sm"
            variant={current ? 'light' : 'subtle'}
          >
            {t(`moneyLp.nav.${key}`)}
          </Button>
        );
      })}
    </Group>
  );
};
