import { Button, Group, MultiSelect, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { PROFILE_TYPE_LABELS, PROFILE_TYPES } from '@tranche/shared/profile/profile-enums';
import type { MandatoryDoc } from '@tranche/shared/subscription/subscription.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { LoadError } from '@/components/error-state';
import { putMandatoryDocs, useMandatoryDocs } from '@/features/subscriptions/answers';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { notifications } from '@/lib/notifications';
import { SettingsSection } from './settings-section';

interface Row {
  key: string;
  docKey: string;
  en: string;
  zh: string;
  investorTypes: string[];
  productIds: string[];
}

const DOC_KEY = /^[A-Z][A-Z0-9_]{1,39}$/;
let rowSeq = 0;
const rowOf = (d?: MandatoryDoc): Row => ({
  key: `row-${++rowSeq}`,
  docKey: d?.docKey ?? '',
  en: d?.name.en ?? '',
  zh: d?.name['zh-CN'] ?? '',
  investorTypes: [...(d?.investorTypes ?? [])],
  productIds: [...(d?.productIds ?? [])],
});

/** What a row needs before it is sent; the API checks the same (docKey's pattern, a name). */
const rowIssues = (rows: readonly Row[]): Record<string, 'docKey' | 'docKeyTaken' | 'name'> => {
  const issues: Record<string, 'docKey' | 'docKeyTaken' | 'name'> = {};
  const seen = new Set<string>();
  for (const r of rows) {
    if (!DOC_KEY.test(r.docKey)) issues[`${r.key}.docKey`] = 'docKey';
    else if (seen.has(r.docKey)) issues[`${r.key}.docKey`] = 'docKeyTaken';
    seen.add(r.docKey);
    if (!r.en.trim()) issues[`${r.key}.en`] = 'name';
  }
  return issues;
};

/**
 * The tenant's mandatory subscription documents (/tenant/{tenantId}/fund-mandatory-docs;
 * docs/subscriptions.md): each a key, a name in both languages, the investor types that must provide
 * it (none: every investor) and optionally the funds it applies to (none: every fund). A subscription
 * requires those that match its fund and its investor; the manager may also ask for any of them by
 * name in a request for documents. One versioned list: a save made meanwhile is refused.
 */
export const MandatoryDocsTab = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const list = useMandatoryDocs(tenant.tenantId);
  // The funds a document may be limited to (the first hundred, like Add manually's choice).
  const funds = useSWR(['session', 'gp-settings', 'funds'], () =>
    apiFetch('listGpProducts', { query: { limit: 100 } }),
  );
  const [rows, setRows] = useState<Row[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>();
  const [issues, setIssues] = useState<Record<string, 'docKey' | 'docKeyTaken' | 'name'>>({});

  useEffect(() => {
    if (list.data && !dirty) setRows(list.data.docs.map((d) => rowOf(d)));
  }, [list.data, dirty]);

  if (list.error) return <LoadError error={list.error} onRetry={() => void list.mutate()} />;
  if (!list.data) return <Skeleton h={200} />;

  const change = (key: string, patch: Partial<Row>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setDirty(true);
    setIssues(({ ...rest }) => {
      for (const field of Object.keys(patch)) delete rest[`${key}.${field === 'docKey' ? 'docKey' : field}`];
      return rest;
    });
  };

  const save = async () => {
    const found = rowIssues(rows);
    setIssues(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setError(undefined);
    try {
      const docs: MandatoryDoc[] = rows.map((r) => ({
        docKey: r.docKey,
        name: { en: r.en.trim(), ...(r.zh.trim() ? { 'zh-CN': r.zh.trim() } : {}) },
        investorTypes: r.investorTypes as MandatoryDoc['investorTypes'],
        ...(r.productIds.length ? { productIds: r.productIds } : {}),
      }));
      const saved = await putMandatoryDocs(tenant.tenantId, docs, list.data?.version ?? 0);
      await list.mutate(saved, { revalidate: false });
      setDirty(false);
      notifications.show({ color: 'green', message: t('gpSettings.mandatoryDocs.saved') });
    } catch (failure) {
      setError(failure);
      if (isApiError(failure) && failure.code === 'VERSION_CONFLICT') setDirty(false);
    } finally {
      setSaving(false);
    }
  };

  const fundOptions = (funds.data?.items ?? []).map((f) => ({ value: f.productId, label: f.name.en }));
  const typeOptions = PROFILE_TYPES.map((type) => ({ value: type, label: PROFILE_TYPE_LABELS[type][lang] }));
  const issueText = (key: string): string | undefined => {
    const issue = issues[key] as 'docKey' | 'docKeyTaken' | 'name' | undefined;
    return issue ? t(`gpSettings.mandatoryDocs.issue.${issue}`) : undefined;
  };

  return (
    <SettingsSection
      title={t('gpSettings.mandatoryDocs.title')}
      description={t('gpSettings.mandatoryDocs.intro')}
      {...(canEdit
        ? {
            onSubmit: (e) => {
              e.preventDefault();
              void save();
            },
            saving,
            dirty,
            error,
          }
        : {})}
    >
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('gpSettings.mandatoryDocs.empty')}
        </Text>
      )}
      {rows.map((r, i) => (
        <Paper key={r.key} withBorder radius="sm" p="md" component="fieldset" style={{ margin: 0 }}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={3} size="h5" component="legend">
                {r.en.trim() || t('gpSettings.mandatoryDocs.untitled', { n: i + 1 })}
              </Title>
              {canEdit && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={t('gpSettings.mandatoryDocs.remove', { name: r.en || r.docKey || i + 1 })}
                  onClick={() => {
                    setRows((all) => all.filter((x) => x.key !== r.key));
                    setDirty(true);
                  }}
                >
                  {t('gpSettings.mandatoryDocs.removeShort')}
                </Button>
              )}
            </Group>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('gpSettings.mandatoryDocs.docKey')}
                description={t('gpSettings.mandatoryDocs.docKeyHelp')}
                required
                disabled={!canEdit}
                value={r.docKey}
                maxLength={40}
                error={issueText(`${r.key}.docKey`)}
                onChange={(e) =>
                  change(r.key, { docKey: e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9_]/g, '_') })
                }
                miw={200}
              />
              <TextInput
                label={t('gpSettings.mandatoryDocs.nameEn')}
                required
                disabled={!canEdit}
                value={r.en}
                maxLength={200}
                error={issueText(`${r.key}.en`)}
                onChange={(e) => change(r.key, { en: e.currentTarget.value })}
                miw={200}
              />
              <TextInput
                label={t('gpSettings.mandatoryDocs.nameZh')}
                disabled={!canEdit}
                value={r.zh}
                maxLength={200}
                onChange={(e) => change(r.key, { zh: e.currentTarget.value })}
                miw={200}
              />
            </Group>
            <Group grow align="flex-start" wrap="wrap">
              <MultiSelect
                label={t('gpSettings.mandatoryDocs.investorTypes')}
                description={t('gpSettings.mandatoryDocs.investorTypesHelp')}
                data={typeOptions}
                disabled={!canEdit}
                value={r.investorTypes}
                onChange={(investorTypes) => change(r.key, { investorTypes })}
                miw={200}
              />
              <MultiSelect
                label={t('gpSettings.mandatoryDocs.funds')}
                description={t('gpSettings.mandatoryDocs.fundsHelp')}
                data={fundOptions}
                disabled={!canEdit}
                searchable
                value={r.productIds}
                onChange={(productIds) => change(r.key, { productIds })}
                miw={200}
              />
            </Group>
          </Stack>
        </Paper>
      ))}
      {canEdit && (
        <Group>
          <Button
            variant="light"
            disabled={rows.length >= 50}
            onClick={() => {
              setRows((all) => [...all, rowOf()]);
              setDirty(true);
            }}
          >
            {t('gpSettings.mandatoryDocs.add')}
          </Button>
        </Group>
      )}
    </SettingsSection>
  );
};
