import { Button, Group, NativeSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { newIdempotencyKey } from '@tranche/shared/http/idempotency';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import { offeredSubscriptionTypes } from '@tranche/shared/subscription/offer';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { createSubscription, useGpFund, useInvestorSearch } from '@/features/gp-subscriptions/api/subscriptions';
import { GP_SUBSCRIPTIONS_PATH, gpSubscriptionPath } from '@/features/gp-subscriptions/paths';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/**
 * /gp/subscriptions/new?productId=: Add manually (COMMON_SUBSCRIPTION), an order the investor signed
 * on paper. The manager names the investor, the share class and the amount; the subscription waits
 * in OFFLINE_SIGNING on its case page for the signed order to be uploaded, then goes to review.
 */
export const AddManuallyPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpSubscriptions.add.title'));
  const [params] = useSearchParams();
  const productId = params.get('productId') ?? undefined;
  const fund = useGpFund(productId);
  const role = useCurrentUser().data?.role;
  if (!productId)
    return (
      <Stack gap="md" maw={720}>
        <BackLink to={GP_SUBSCRIPTIONS_PATH}>{t('gpSubscriptions.case.backToQueue')}</BackLink>
        <NoticePanel title={t('gpSubscriptions.add.title')} headingOrder={1}>
          {t('gpSubscriptions.add.noFund')}
        </NoticePanel>
      </Stack>
    );
  if (isAccessError(fund.error)) return <AccessNotice error={fund.error} />;
  if (fund.error) return <LoadError error={fund.error} onRetry={() => void fund.mutate()} />;
  if (!fund.data || !role) return <PageLoader label={t('gpSubscriptions.add.loadingFund')} />;
  const offered = offeredSubscriptionTypes(fund.data, { role }).includes('COMMON_SUBSCRIPTION');
  return (
    <Stack gap="lg" maw={720}>
      <BackLink to={`/gp/products/${fund.data.productId}`}>{localized(fund.data.name, lang)}</BackLink>
      <AddForm product={fund.data} offered={offered} />
    </Stack>
  );
};

interface AddValues {
  investorUserId: string;
  shareClassId: string;
  amount: string;
}

const AddForm = ({ product, offered }: { product: GpProduct; offered: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const investors = useInvestorSearch(q);
  const form = useForm<AddValues>({
    defaultValues: { investorUserId: '', shareClassId: product.shareClasses[0]?.shareClassId ?? '', amount: '' },
  });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  const attempt = useRef<{ values: string; key: string } | undefined>(undefined);
  const shareClass = product.shareClasses.find((c) => c.shareClassId === form.watch('shareClassId'));
  const currency = shareClass?.currency ?? product.currency;
  const investorId = form.watch('investorUserId');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const body = {
      productId: product.productId,
      type: 'COMMON_SUBSCRIPTION' as const,
      investorUserId: values.investorUserId,
      amount: values.amount.trim(),
      ...(values.shareClassId ? { shareClassId: values.shareClassId } : {}),
    };
    const key = JSON.stringify(body);
    if (attempt.current?.values !== key) attempt.current = { values: key, key: newIdempotencyKey() };
    try {
      const created = await createSubscription(body, attempt.current.key);
      notifications.show({ color: 'green', message: t('gpSubscriptions.add.created') });
      void navigate(gpSubscriptionPath(created.subscriptionId));
    } catch (error) {
      const placed = placeApiError(error, form, ['amount', 'investorUserId', 'shareClassId'], lang);
      if (!placed) setFailure(error);
    }
  });

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('gpSubscriptions.add.title')}</Title>
        <Text c="dimmed">{t('gpSubscriptions.add.intro')}</Text>
      </div>
      {!offered ? (
        <NoticePanel title={localized(product.name, lang)}>{t('gpSubscriptions.add.notOffered')}</NoticePanel>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <form noValidate onSubmit={(e) => void onSubmit(e)}>
            <Stack gap="md">
              <FormAlert error={failure} title={t('gpSubscriptions.add.failed')} />
              <TextInput label={t('gpSubscriptions.add.fund')} value={localized(product.name, lang)} readOnly />
              <Select
                label={t('gpSubscriptions.add.investor')}
                description={t('gpSubscriptions.add.investorHelp')}
                required
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                value={investorId || null}
                onChange={(v) => {
                  form.setValue('investorUserId', v ?? '');
                  form.clearErrors('investorUserId');
                }}
                data={(investors.data?.items ?? []).map((i) => ({
                  value: i.userId,
                  label: `${i.displayName} (${i.email})`,
                }))}
                filter={({ options }) => options}
                nothingFoundMessage={t('gpSubscriptions.add.searchNothing')}
                error={errorOf('investorUserId')}
              />
              <input
                type="hidden"
                {...form.register('investorUserId', { required: 'gpSubscriptions.add.errors.investor' })}
              />
              {product.shareClasses.length > 1 && (
                <NativeSelect
                  label={t('gpSubscriptions.add.shareClass')}
                  data={product.shareClasses.map((c) => ({ value: c.shareClassId, label: localized(c.name, lang) }))}
                  {...form.register('shareClassId')}
                />
              )}
              <TextInput
                label={t('gpSubscriptions.add.amount', { currency })}
                required
                inputMode="decimal"
                autoComplete="off"
                error={errorOf('amount')}
                {...form.register('amount', {
                  required: 'gpSubscriptions.add.errors.required',
                  pattern: { value: AMOUNT, message: 'gpSubscriptions.add.errors.amount' },
                })}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {t('gpSubscriptions.add.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
};
