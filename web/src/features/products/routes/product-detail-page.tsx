import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import type { ProductSummary, ShareClass } from '@tranche/shared/product/product.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { NoticePanel } from '../../../components/notice-panel';
import { ScrollX } from '../../../components/scroll-x';
import { useErrorText, useLang } from '../../../i18n/use-lang';
import { isApiError } from '../../../lib/api-error';
import { formatDate, formatList, formatMoney } from '../../../lib/format';
import { localized } from '../../../lib/localized';
import { useProduct } from '../api/get-product';
import { feeText } from '../components/fee-text';
import { OpennessBadge } from '../components/openness-badge';

/** A product id the API refuses as malformed is, for the visitor, just a fund that does not exist. */
const isNotFound = (error: unknown) =>
  isApiError(error) &&
  (error.status === 404 || (error.code === 'PARAMS_ERROR' && error.fieldErrors.some((f) => f.field === 'productId')));

const ProductDetailPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { productId } = useParams();
  const { data: product, error, isLoading, mutate } = useProduct(productId);
  const errorText = useErrorText(error);
  useDocumentTitle(product ? localized(product.name, lang) : t('product.loading'));

  const back = (
    <Anchor component={Link} to="/" size="sm">
      <span aria-hidden>←</span> {t('app.backToFunds')}
    </Anchor>
  );

  let content: ReactNode;
  if (isLoading) content = <DetailSkeleton label={t('product.loading')} />;
  else if (isNotFound(error))
    content = (
      <NoticePanel
        title={t('product.notFoundTitle')}
        headingOrder={1}
        role="alert"
        action={
          <Button component={Link} to="/">
            {t('app.backToFunds')}
          </Button>
        }
      >
        {isApiError(error) && error.code !== 'PARAMS_ERROR'
          ? errorText
          : ERROR_CATALOGUE.productIsNotExist.messages[lang]}
      </NoticePanel>
    );
  else if (error || !product)
    content = (
      <ErrorState
        title={t('app.errorTitle')}
        message={errorText}
        retryLabel={t('app.retry')}
        onRetry={() => void mutate()}
      />
    );
  else content = <ProductDetail product={product} shareClasses={product.shareClasses} />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {back}
        {content}
      </Stack>
    </Container>
  );
};
export default ProductDetailPage;

const ProductDetail = ({ product, shareClasses }: { product: ProductSummary; shareClasses: readonly ShareClass[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const facts: [string, ReactNode][] = [
    [t('product.fundType'), t(`fundType.${product.fundType}`)],
    [t('product.status'), <OpennessBadge key="o" openness={product.openness} />],
    [t('product.investmentPermission'), t(`investmentPermission.${product.investmentPermission}`)],
    [t('product.dealingFrequency'), t(`dealingFrequency.${product.dealingFrequency}`)],
    [t('product.minInvestment'), formatMoney(product.minInvestment, product.currency, lang)],
    [t('product.targetSize'), formatMoney(product.targetSize, product.currency, lang)],
    [t('product.currency'), product.currency],
    [
      t('product.regions'),
      formatList(
        product.regions.map((r) => t(`region.${r}`)),
        lang,
      ),
    ],
    [
      t('product.objectives'),
      formatList(
        product.objectives.map((o) => t(`objective.${o}`)),
        lang,
      ),
    ],
    [
      t('product.investorTypes'),
      formatList(
        product.investorTypes.map((i) => t(`investorType.${i}`)),
        lang,
      ),
    ],
  ];
  if (product.closingDate) facts.push([t('product.closingDate'), formatDate(product.closingDate, lang)]);

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group gap="xs">
          <OpennessBadge openness={product.openness} />
          <Badge variant="outline" color="gray.7" radius="sm">
            {t(`fundType.${product.fundType}`)}
          </Badge>
        </Group>
        <Title order={1}>{localized(product.name, lang)}</Title>
        <Text size="lg" c="dimmed" maw={760}>
          {localized(product.summary, lang)}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="facts-title">
        <Title order={2} size="h3" id="facts-title" mb="md">
          {t('product.keyFacts')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0}>
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
      </Paper>

      <Stack gap="md" component="section" aria-labelledby="classes-title">
        <Title order={2} size="h3" id="classes-title">
          {t('product.shareClasses')}
        </Title>
        {shareClasses.length === 0 ? (
          <Text c="dimmed">{t('product.noShareClasses')}</Text>
        ) : (
          <ScrollX label={t('product.shareClasses')}>
            <Table miw={640} withTableBorder verticalSpacing="sm" bg="var(--mantine-color-body)">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('product.shareClass')}</Table.Th>
                  <Table.Th scope="col">{t('product.currency')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('product.minInvestment')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('product.managementFee')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('product.subscriptionFee')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shareClasses.map((sc) => (
                  <Table.Tr key={sc.shareClassId}>
                    <Table.Th scope="row">{localized(sc.name, lang)}</Table.Th>
                    <Table.Td>{sc.currency}</Table.Td>
                    <Table.Td ta="end">{formatMoney(sc.minInvestment, sc.currency, lang)}</Table.Td>
                    <Table.Td ta="end">{feeText(sc.managementFee, sc.currency, lang, t)}</Table.Td>
                    <Table.Td ta="end">{feeText(sc.subscriptionFee, sc.currency, lang, t)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollX>
        )}
      </Stack>
    </Stack>
  );
};

const DetailSkeleton = ({ label }: { label: string }) => (
  <div role="status" aria-live="polite" aria-busy="true">
    <VisuallyHidden>{label}</VisuallyHidden>
    <Stack gap="md" aria-hidden>
      <Skeleton h={20} w={160} />
      <Skeleton h={36} w="60%" />
      <Skeleton h={16} w="80%" />
      <Skeleton h={160} mt="md" />
      <Skeleton h={120} />
    </Stack>
  </div>
);
