import { Alert, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { isGp } from '@tranche/shared/auth/roles';
import type { ProductDetail } from '@tranche/shared/product/product.schema';
import { allowedSubscriptionTypes, isProductClosed } from '@tranche/shared/product/subscription-types';
import { offeredSubscriptionTypes } from '@tranche/shared/subscription/offer';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addManuallyPath } from '@/features/gp-subscriptions/paths';
import { useCurrentUser } from '@/features/session';
import { isInvestorSubscriptionType, subscribePath } from '@/features/subscriptions/paths';
import { useKeepsWatchlist, WatchToggle } from '@/features/watchlist';
import { useLang } from '@/i18n/use-lang';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useHeadingOrder } from './heading-level';

/**
 * What an investor may do now: exactly the API's `allowedSubscriptionTypes`. A preview shows, disabled,
 * what the same shared rule would offer once the product is published. The manager's team sees the
 * one thing the shared offer rule gives them on a fund page: Add manually (an offline order).
 */
export const ProductActions = ({ product, preview = false }: { product: ProductDetail; preview?: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  // Investors keep a watchlist; visitors and the team see no bookmark (nor the rule above it).
  const keepsWatchlist = useKeepsWatchlist();
  const closed = isProductClosed(product);
  const order = useHeadingOrder(2);
  // A preview (a draft, or a product the manager is editing) shows what it would offer once published.
  const role = useCurrentUser().data?.role;
  // The team on the portal's fund page is not an investor: it gets the shared offer rule's team
  // answer (Add manually, or nothing), never the investor's buttons.
  const team = !preview && role !== undefined && isGp(role);
  // The portal's product leaves out its state when it is published (the only state investors see).
  const offered = team ? offeredSubscriptionTypes({ ...product, state: product.state ?? 'PUBLISHED' }, { role }) : [];
  const addManually = offered.includes('COMMON_SUBSCRIPTION');
  const types = team
    ? []
    : (preview && product.state !== 'CLOSED'
        ? allowedSubscriptionTypes({ ...product, state: 'PUBLISHED' })
        : (product.allowedSubscriptionTypes ?? [])
      ).filter(isInvestorSubscriptionType);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={order} size="h4" id={headingId}>
          {t('productPage.actionsHeading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('product.minInvestment')}:{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {formatMoney(product.minInvestment, product.currency, lang)}
          </Text>
        </Text>
        {closed ? (
          <Alert color="gray" variant="light" title={t('productPage.closedTitle')}>
            {t('productPage.closedBody')}
          </Alert>
        ) : addManually ? (
          <Button component={Link} to={addManuallyPath(product.productId)} variant="light" fullWidth>
            {t('subscriptionType.COMMON_SUBSCRIPTION')}
          </Button>
        ) : types.length === 0 ? (
          <Text size="sm">{t('productPage.noActions')}</Text>
        ) : (
          types.map((type, i) =>
            preview ? (
              <Button key={type} variant={i === types.length - 1 ? 'filled' : 'light'} disabled fullWidth>
                {t(`subscriptionType.${type}`)}
              </Button>
            ) : (
              <Button
                key={type}
                component={Link}
                to={subscribePath(product.productId, type)}
                variant={i === types.length - 1 ? 'filled' : 'light'}
                fullWidth
              >
                {t(`subscriptionType.${type}`)}
              </Button>
            ),
          )
        )}
        {!preview && keepsWatchlist && (
          <>
            <Divider />
            <WatchToggle productId={product.productId} name={localized(product.name, lang)} variant="button" />
          </>
        )}
      </Stack>
    </Paper>
  );
};
