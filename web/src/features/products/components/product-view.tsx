import { Badge, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PORTAL_COMPONENTS, type PortalComponent } from '@tranche/shared/enums';
import type { Fee, ProductDetail, ShareClass } from '@tranche/shared/product/product.schema';
import { isProductClosed } from '@tranche/shared/product/subscription-types';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { LocalizedText } from '@/components/localized-text';
import { FundSectionsSkeleton } from '@/components/page-skeleton';
import { ConversionNote, MoneyWithConversion, useDisplayConversion } from '@/features/currency';
import { useProductPageLocales } from '@/features/products/locales';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { formatDate, formatList } from '@/lib/format';
import { localized } from '@/lib/localized';
import { feeText } from './fee-text';
import { HeadingOffsetContext, useHeadingOrder } from './heading-level';
import { OpennessBadge } from './openness-badge';
import { ProductActions } from './product-actions';
import { DocumentsSection, MarketingSection } from './product-documents';
import { SectionFrame as Frame } from './section-frame';
import { shareClassIdentityColumns } from './share-class-columns';

interface ProductViewProps {
  product: ProductDetail;
  /** The sections to show (visibility SHOW); undefined while they load. */
  sections: readonly PortalComponent[] | undefined;
  sectionsError?: unknown;
  onRetrySections?: () => void;
  /** The manager's preview of a draft: actions shown but disabled. */
  preview?: boolean;
  /** Moves every heading down this many levels (the preview sits under the console's own h1). */
  headingOffset?: number;
}

/** A product's page as investors see it; the manager console renders the same view as a preview. */
export const ProductView = ({ headingOffset = 0, ...props }: ProductViewProps) => {
  useProductPageLocales();
  return (
    <HeadingOffsetContext value={headingOffset}>
      <ProductPage {...props} />
    </HeadingOffsetContext>
  );
};

const ProductPage = ({ product, sections, sectionsError, onRetrySections, preview = false }: ProductViewProps) => {
  const { t } = useTranslation();
  const sectionsErrorText = useErrorText(sectionsError);
  const shown = new Set(sections ?? []);
  const closed = isProductClosed(product);
  const titleOrder = useHeadingOrder(1);

  const section = (component: PortalComponent): ReactNode => {
    switch (component) {
      case 'OVERVIEW':
        return product.description ? (
          <Frame key={component} title={t('productPage.overview')}>
            <Text style={{ whiteSpace: 'pre-line' }}>
              <LocalizedText text={product.description} />
            </Text>
          </Frame>
        ) : null;
      case 'KEY_TERMS':
        return <KeyTerms key={component} product={product} />;
      case 'SHARE_CLASSES':
        return <ShareClassesSection key={component} product={product} />;
      case 'FEES':
        return <FeesSection key={component} product={product} />;
      case 'DOCUMENTS':
        return <DocumentsSection key={component} productId={product.productId} />;
      case 'MARKETING_DOCUMENTS':
        return <MarketingSection key={component} productId={product.productId} />;
      default:
        // Performance, team, FAQ and contact sections have no content in the catalogue yet.
        return null;
    }
  };

  let body: ReactNode;
  if (sectionsError)
    body = (
      <ErrorState
        title={t('app.errorTitle')}
        message={sectionsErrorText}
        retryLabel={t('app.retry')}
        {...(onRetrySections ? { onRetry: onRetrySections } : {})}
      />
    );
  else if (!sections) body = <FundSectionsSkeleton label={t('productPage.loadingSection')} />;
  else body = <SectionList components={PORTAL_COMPONENTS.filter((c) => shown.has(c))} render={section} />;

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group gap="xs">
          <OpennessBadge openness={closed ? 'CLOSED' : product.openness} />
          <Badge variant="outline" color="gray.7" radius="sm">
            {t(`fundType.${product.fundType}`)}
          </Badge>
          {product.kind === 'PRODUCT' && (
            <Badge variant="outline" color="gray.7" radius="sm">
              {t('productKind.PRODUCT')}
            </Badge>
          )}
        </Group>
        <Title order={titleOrder}>
          <LocalizedText text={product.name} />
        </Title>
        <Text size="lg" c="dimmed" maw={760}>
          <LocalizedText text={product.summary} />
        </Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }} miw={0}>
          <div style={{ position: 'sticky', top: 80 }}>
            <ProductActions product={product} preview={preview} />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }} miw={0}>
          {body}
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/**
 * The page's sections, the first (on a phone the one on screen under the fund's name and actions)
 * rendered with the page and the rest in a deferred render right after it: the page's largest paint
 * then waits for the name, the actions and the overview only, not for the key terms, the share class
 * and fee tables and the document lists below them (Lighthouse's LCP on a phone, issue 9). Sections
 * added below the first shift nothing already on screen.
 */
const SectionList = ({
  components,
  render,
}: {
  components: readonly PortalComponent[];
  render: (component: PortalComponent) => ReactNode;
}) => {
  const count = useDeferredValue(components.length, Math.min(components.length, 1));
  return <Stack gap="lg">{components.slice(0, count).map(render)}</Stack>;
};

const KeyTerms = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const conversion = useDisplayConversion([product.currency]);
  const money = (amount: string) => (
    <MoneyWithConversion amount={amount} currency={product.currency} conversion={conversion} />
  );
  const list = (items: string[]) => (items.length ? formatList(items, lang) : t('productPage.notSet'));
  const facts: [string, ReactNode][] = [
    [t('product.fundType'), t(`fundType.${product.fundType}`)],
    [t('product.investmentPermission'), t(`investmentPermission.${product.investmentPermission}`)],
    [t('product.dealingFrequency'), t(`dealingFrequency.${product.dealingFrequency}`)],
    [t('product.currency'), product.currency],
    [t('product.minInvestment'), money(product.minInvestment)],
  ];
  if (product.maxInvestment) facts.push([t('productPage.maxInvestment'), money(product.maxInvestment)]);
  facts.push([t('product.targetSize'), money(product.targetSize)]);
  if (product.targetReturn) facts.push([t('catalogue.targetReturn'), t(`targetReturn.${product.targetReturn}`)]);
  if (product.targetReturnRange)
    facts.push([t('productPage.targetReturnRange'), t(`targetReturnRange.${product.targetReturnRange}`)]);
  facts.push(
    [t('productPage.strategies'), list(product.strategies.map((s) => t(`strategy.${s}`)))],
    [t('product.objectives'), list(product.objectives.map((o) => t(`objective.${o}`)))],
    [t('product.regions'), list(product.regions.map((r) => t(`region.${r}`)))],
    [t('product.investorTypes'), list(product.investorTypes.map((i) => t(`investorType.${i}`)))],
  );
  if (product.openingDate) facts.push([t('productPage.openingDate'), formatDate(product.openingDate, lang)]);
  if (product.closingDate) facts.push([t('productPage.firstClose'), formatDate(product.closingDate, lang)]);
  if (product.finalClosingDate) facts.push([t('productPage.finalClose'), formatDate(product.finalClosingDate, lang)]);

  return (
    <Frame title={t('productPage.keyTerms')}>
      <SimpleGrid component="dl" cols={{ base: 2, lg: 3 }} spacing="md" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <ConversionNote currencies={[product.currency]} conversion={conversion} />
    </Frame>
  );
};

const ShareClassesSection = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const classes = product.shareClasses;
  const currencies = [...new Set(classes.map((sc) => sc.currency))];
  const conversion = useDisplayConversion(currencies);
  const columns: DataTableColumn<ShareClass>[] = [
    ...shareClassIdentityColumns(t, lang),
    {
      key: 'minInvestment',
      header: t('product.minInvestment'),
      align: 'end',
      render: (sc) => <MoneyWithConversion amount={sc.minInvestment} currency={sc.currency} conversion={conversion} />,
    },
    {
      key: 'maxInvestment',
      header: t('productPage.maxInvestment'),
      align: 'end',
      render: (sc) =>
        sc.maxInvestment ? (
          <MoneyWithConversion amount={sc.maxInvestment} currency={sc.currency} conversion={conversion} />
        ) : (
          t('productPage.notSet')
        ),
    },
  ];
  return (
    <Frame title={t('product.shareClasses')}>
      {classes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('product.noShareClasses')}
        </Text>
      ) : (
        <DataTable
          label={t('product.shareClasses')}
          columns={columns}
          rows={classes}
          rowKey={(sc) => sc.shareClassId}
          minWidth={520}
          withTableBorder={false}
        />
      )}
      <ConversionNote currencies={currencies} conversion={conversion} />
    </Frame>
  );
};

const FEE_COLUMNS = ['managementFee', 'subscriptionFee', 'performanceFee', 'redemptionFee'] as const;
type FeeColumn = (typeof FEE_COLUMNS)[number];

interface FeeRow {
  key: string;
  name: string;
  currency: string;
  fees: Partial<Record<FeeColumn, Fee>>;
}

const FeesSection = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const label: Record<FeeColumn, string> = {
    managementFee: t('product.managementFee'),
    subscriptionFee: t('product.subscriptionFee'),
    performanceFee: t('productPage.performanceFee'),
    redemptionFee: t('productPage.redemptionFee'),
  };
  const rows: FeeRow[] = product.shareClasses.map((sc: ShareClass) => ({
    key: sc.shareClassId,
    name: localized(sc.name, lang),
    currency: sc.currency,
    fees: sc,
  }));
  const productFees = { ...product, redemptionFee: undefined };
  if (product.managementFee || product.subscriptionFee || product.performanceFee)
    rows.unshift({ key: 'product', name: t('productPage.productFees'), currency: product.currency, fees: productFees });
  const columns = FEE_COLUMNS.filter((c) => rows.some((r) => r.fees[c]));

  return (
    <Frame title={t('productPage.fees')}>
      {rows.length === 0 || columns.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('product.noShareClasses')}
        </Text>
      ) : (
        <DataTable
          label={t('productPage.fees')}
          columns={[
            { key: 'name', header: t('product.shareClass'), rowHeader: true, render: (row: FeeRow) => row.name },
            ...columns.map((c) => ({
              key: c,
              header: label[c],
              align: 'end' as const,
              render: (row: FeeRow) => feeText(row.fees[c], row.currency, lang, t),
            })),
          ]}
          rows={rows}
          rowKey={(row) => row.key}
          minWidth={560}
          withTableBorder={false}
        />
      )}
    </Frame>
  );
};
