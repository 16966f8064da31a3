import { NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { ProductContractInputSchema } from '@tranche/shared/product/product.schema';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { LoadError } from '@/components/error-state';
import { updateProductContract, useProductContract } from '@/features/gp-products/api/contract';
import { SaveErrorAlert } from '@/features/gp-products/components/conflict-alert';
import { FormButtons, LocalizedFields } from '@/features/gp-products/components/form-fields';
import { type LocalizedValues, localizedInput, textValues } from '@/features/gp-products/lib/form-values';
import { schemaResolver, useSaveSubmit } from '@/features/gp-products/lib/validation';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import { useProductDocuments } from '@/features/products';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';
import { ReadOnlyNotice } from './read-only-notice';
import { TabSkeleton } from './tab-skeleton';

interface ContractValues {
  terms: LocalizedValues;
  agreementDocumentId: string;
  requiresSignature: boolean;
  version: number;
}
type ContractInput = z.output<typeof ProductContractInputSchema>;

const resolver = schemaResolver<ContractValues, ContractInput>(ProductContractInputSchema, (v) => ({
  terms: localizedInput(v.terms),
  requiresSignature: v.requiresSignature,
  version: v.version,
  ...(v.agreementDocumentId ? { agreementDocumentId: v.agreementDocumentId } : {}),
}));

/** The terms investors accept when subscribing, and the legal document they sign. */
export const ContractTab = ({ product, role, canEdit, reload }: ProductTabProps) => {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useProductContract(product.productId);
  // No contract yet answers 404: the form starts empty and version 0 creates it.
  const missing = isApiError(error) && error.status === 404;

  if (error && !missing) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (isLoading) return <TabSkeleton height={240} />;
  const values: ContractValues = {
    terms: textValues(data?.terms),
    agreementDocumentId: data?.agreementDocumentId ?? '',
    requiresSignature: data?.requiresSignature ?? true,
    version: data?.version ?? 0,
  };
  return (
    <Stack gap="md" maw={860}>
      <ReadOnlyNotice product={product} role={role} canEdit={canEdit} />
      <div>
        <Title order={2} size="h3">
          {t('gpProducts.contract.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {data ? t('gpProducts.versionLabel', { version: data.version }) : t('gpProducts.contract.none')}
        </Text>
      </div>
      <ContractForm
        key={values.version}
        productId={product.productId}
        values={values}
        canEdit={canEdit}
        onSaved={async () => {
          // The publish checklist and the history change with the contract too.
          await Promise.all([mutate(), reload()]);
        }}
      />
    </Stack>
  );
};

const ContractForm = ({
  productId,
  values,
  canEdit,
  onSaved,
}: {
  productId: string;
  values: ContractValues;
  canEdit: boolean;
  onSaved: () => Promise<void>;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const docs = useProductDocuments(productId);
  const form = useForm<ContractValues, unknown, ContractInput>({ defaultValues: values, resolver, mode: 'onTouched' });
  const legal = (docs.data?.items ?? []).filter((d) => d.kind === 'LEGAL' && d.state === 'READY');
  const { submit, saveError, setSaveError } = useSaveSubmit(form, async (input) => {
    await updateProductContract(productId, input);
    notifications.show({ color: 'green', message: t('gpProducts.contract.saved') });
    await onSaved();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Paper withBorder radius="md" p="lg">
          <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <LocalizedFields name="terms" label={t('gpProducts.contract.terms')} required multiline />
              <NativeSelect
                label={t('gpProducts.contract.agreement')}
                description={t('gpProducts.contract.agreementHint')}
                data={[
                  { value: '', label: t('gpProducts.contract.noAgreement') },
                  ...legal.map((d) => ({ value: d.documentId, label: localized(d.title, lang) })),
                ]}
                {...form.register('agreementDocumentId')}
              />
              <Controller
                name="requiresSignature"
                control={form.control}
                render={({ field }) => (
                  <Switch
                    label={t('gpProducts.contract.requiresSignature')}
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </Stack>
          </fieldset>
        </Paper>
        <Stack gap="sm" mt="md">
          <SaveErrorAlert
            error={saveError}
            onReload={() => {
              setSaveError(null);
              void onSaved();
            }}
          />
          {canEdit && <FormButtons submitLabel={t('gpProducts.save')} />}
        </Stack>
      </form>
    </FormProvider>
  );
};
