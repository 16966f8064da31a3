import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LocalizedText } from '@/components/localized-text';
import type { DisplayConversion } from '@/features/currency';
import { WatchToggle } from '@/features/watchlist';
import { useLang } from '@/i18n/use-lang';
import { formatList } from '@/lib/format';
import { fundFacts } from './fund-facts';
import { OpennessBadge } from './openness-badge';
import classes from './products.module.css';

/**
 * A fund in the catalogue's card view, with the facts investors compare funds by. Memoised: the
 * landing page re-renders for its own state (settings, filters, the next page) and each such render
 * would otherwise redo every card in one synchronous task (issue 9's blocking time).
 */
export const ProductCard = memo(function ProductCard({
  product,
  conversion,
}: {
  product: ProductSummary;
  conversion: DisplayConversion;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = `/products/${product.productId}`;
  const facts = fundFacts(t, lang, conversion).flatMap((fact) => {
    const value = fact.render(product);
    return value === undefined ? [] : [{ key: fact.key, label: fact.label, value }];
  });
  const name = product.name[lang] ?? product.name.en;
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
            <LocalizedText text={product.name} />
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          <LocalizedText text={product.summary} />
        </Text>
        <SimpleGrid cols={2} spacing="sm" component="dl" className={classes.facts}>
          {facts.map((fact) => (
            <div key={fact.key}>
              <Text component="dt" size="xs" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" fw={600}>
                {fact.value}
              </Text>
            </div>
          ))}
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
});
