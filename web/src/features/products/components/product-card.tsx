import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WatchToggle } from '@/features/watchlist';
import { useLang } from '@/i18n/use-lang';
import { formatList, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { OpennessBadge } from './openness-badge';
import classes from './products.module.css';

export const ProductCard = ({ product }: { product: ProductSummary }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const name = localized(product.name, lang);
  const to = `/products/${product.productId}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" className={classes.card}>
      <Stack gap="sm" h="100%">
        <Group gap="xs">
          <OpennessBadge openness={product.openness} />
          <Badge variant="outline" color="gray.7" radius="sm">
            {t(`fundType.${product.fundType}`)}
          </Badge>
        </Group>
        <Title order={3} size="h4">
          <Anchor component={Link} to={to} c="inherit" fw="inherit" className={classes.cardLink}>
            {name}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {localized(product.summary, lang)}
        </Text>
        <SimpleGrid cols={2} spacing="sm" component="dl" className={classes.facts}>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('product.minInvestment')}
            </Text>
            <Text component="dd" fw={600}>
              {formatMoney(product.minInvestment, product.currency, lang)}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('product.regions')}
            </Text>
            <Text component="dd" fw={600}>
              {formatList(
                product.regions.map((r) => t(`region.${r}`)),
                lang,
              )}
            </Text>
          </div>
        </SimpleGrid>
        <Group mt="auto" pt="xs" justify="space-between" wrap="nowrap">
          <Button component={Link} to={to} variant="light" size="xs" aria-label={t('landing.viewDetailsOf', { name })}>
            {t('landing.viewDetails')}
          </Button>
          <WatchToggle productId={product.productId} name={name} />
        </Group>
      </Stack>
    </Card>
  );
};
