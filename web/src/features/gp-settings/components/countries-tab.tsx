import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { CountryCode } from '@tranche/shared/country/iso-3166';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { useCountries } from '@/features/gp-settings/api/countries';
import { useRevalidateTenant } from '@/features/gp-settings/api/tenant-config';
import { useLpSettings } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { notifications } from '@/lib/notifications';
import { SettingsSection } from './settings-section';

/**
 * Which countries' investors the portal serves (LP settings `openCountries`). The list comes from
 * the API (ISO 3166-1 with names in both languages and dial codes), so no country data ships here.
 */
export const CountriesTab = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const countries = useCountries();
  const settings = useLpSettings();
  const revalidate = useRevalidateTenant();
  const loadError = countries.error ?? settings.error;
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [query, setQuery] = useState('');
  const [which, setWhich] = useState<'all' | 'open' | 'closed'>('all');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const saved = settings.data?.settings.openCountries;

  useEffect(() => {
    if (saved) setOpen(new Set(saved));
  }, [saved]);

  const collator = useMemo(() => new Intl.Collator(lang), [lang]);
  const sorted = useMemo(
    () => [...(countries.data?.items ?? [])].sort((a, b) => collator.compare(a.name[lang], b.name[lang])),
    [countries.data, collator, lang],
  );
  const needle = query.trim().toLowerCase();
  const shown = sorted.filter(
    (c) =>
      (which === 'all' || open.has(c.code) === (which === 'open')) &&
      (!needle ||
        c.name.en.toLowerCase().includes(needle) ||
        c.name['zh-CN'].includes(needle) ||
        c.code.toLowerCase() === needle ||
        c.alpha3.toLowerCase() === needle ||
        (c.dialCode ?? '').includes(needle)),
  );

  if (countries.isLoading || settings.isLoading)
    return (
      <Stack aria-busy="true" gap="sm">
        <Skeleton h={28} w="30%" />
        <Skeleton h={320} />
      </Stack>
    );
  if (loadError || !countries.data || !settings.data)
    return (
      <LoadError
        error={loadError}
        onRetry={() => {
          void countries.mutate();
          void settings.mutate();
        }}
      />
    );

  const current = settings.data;
  const codesShown = shown.map((c) => c.code);
  const dirty = saved !== undefined && (saved.length !== open.size || saved.some((c) => !open.has(c)));
  const toggle = (codes: readonly string[], on: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      for (const c of codes) {
        if (on) next.add(c);
        else next.delete(c);
      }
      return next;
    });

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await apiFetch('updateLpSettings', {
        body: {
          settings: { ...current.settings, openCountries: [...open].sort() as CountryCode[] },
          version: current.version,
        },
      });
      notifications.show({ message: t('gpSettings.saved'), color: 'green' });
      await revalidate();
    } catch (error) {
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection
      title={t('gpSettings.countries.title')}
      description={t('gpSettings.countries.description')}
      {...(canEdit
        ? {
            onSubmit: (e) => {
              e.preventDefault();
              void save();
            },
          }
        : {})}
      saving={saving}
      dirty={dirty}
      error={saveError}
      onReload={() => void revalidate()}
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label={t('gpSettings.countries.search')}
          placeholder={t('gpSettings.countries.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          type="search"
          w={320}
          maw="100%"
        />
        <SegmentedControl
          value={which}
          onChange={(v) => setWhich(v as typeof which)}
          aria-label={t('gpSettings.countries.filter')}
          data={[
            { value: 'all', label: t('gpSettings.countries.all') },
            { value: 'open', label: t('gpSettings.countries.open') },
            { value: 'closed', label: t('gpSettings.countries.closed') },
          ]}
        />
      </Group>
      <Text size="sm" role="status" aria-live="polite">
        {t('gpSettings.countries.openCount', { open: open.size, total: sorted.length })}
      </Text>
      <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
        {canEdit && (
          <Group gap="xs" mb="xs">
            <Button size="compact-sm" variant="default" onClick={() => toggle(codesShown, true)}>
              {t('gpSettings.countries.selectShown')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => toggle(codesShown, false)}>
              {t('gpSettings.countries.clearShown')}
            </Button>
          </Group>
        )}
        {shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('gpSettings.countries.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
            <fieldset aria-label={t('gpSettings.countries.listLabel')} style={{ border: 0, margin: 0, padding: 0 }}>
              <Stack gap={6}>
                {shown.map((c) => (
                  <Checkbox
                    key={c.code}
                    checked={open.has(c.code)}
                    onChange={(e) => toggle([c.code], e.currentTarget.checked)}
                    label={
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{c.name[lang]}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {c.code}
                        </Text>
                        {c.dialCode && (
                          <Text size="xs" c="dimmed">
                            {c.dialCode}
                          </Text>
                        )}
                      </Group>
                    }
                  />
                ))}
              </Stack>
            </fieldset>
          </ScrollArea.Autosize>
        )}
      </Fieldset>
    </SettingsSection>
  );
};
