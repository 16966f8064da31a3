import { Alert, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionType } from '@tranche/shared/enums';
import type { ProductDetail } from '@tranche/shared/product/product.schema';
import { allowedSubscriptionTypes, isProductClosed } from '@tranche/shared/product/subscription-types';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKeepsWatchlist, WatchToggle } from '@/features/watchlist';
import { useLang } from '@/i18n/use-lang';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useHeadingOrder } from './heading-level';

/** URL segments of the subscription journeys an investor can start from a product page. */
export const SUBSCRIBE_PATHS = {
  EXPRESSED_INTEREST_SUBSCRIPTION: 'express-interest',
  RESERVE_SUBSCRIPTION: 'reserve',
  INVEST_SUBSCRIPTION: 'invest',
} as const satisfies Partial<Record<SubscriptionType, string>>;
type InvestorSubscriptionType = keyof typeof SUBSCRIBE_PATHS;

const isInvestorType = (type: SubscriptionType): type is InvestorSubscriptionType => type in SUBSCRIBE_PATHS;

/**
 * What an investor may do now: exactly the API's `allowedSubscriptionTypes`. A preview shows, disabled,
 * what the same shared rule would offer once the product is published.
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
  const types = (
    preview && product.state !== 'CLOSED'
      ? allowedSubscriptionTypes({ ...product, state: 'PUBLISHED' })
      : (product.allowedSubscriptionTypes ?? [])
  ).filter(isInvestorType);

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
                to={`/products/${product.productId}/subscribe/${SUBSCRIBE_PATHS[type]}`}
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
