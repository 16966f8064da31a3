import { NativeSelect, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  PROFILE_TYPE_LABELS,
  PROFILE_TYPES,
  type ProfileType,
  REQUIREMENT_KIND_LABELS,
  REQUIREMENT_LEVEL_LABELS,
  REQUIREMENT_LEVELS,
  type RequirementKind,
  type RequirementLevel,
} from '@tranche/shared/profile/profile-enums';
import {
  APPLICABLE_KINDS,
  type RequirementLevels,
  resolveRequirements,
} from '@tranche/shared/profile/requirement-levels';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { LoadError } from '@/components/error-state';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { notifications } from '@/lib/notifications';
import { SettingsSection } from './settings-section';

/** The same key the investor's wizard reads the table by, so a save here reaches an open wizard too. */
const requirementsKey = () => ['session', 'profiles', 'requirements'] as const;

type Table = Record<ProfileType, Partial<Record<RequirementKind, RequirementLevel>>>;

const resolvedOf = (settings: RequirementLevels): Table =>
  Object.fromEntries(PROFILE_TYPES.map((type) => [type, resolveRequirements(type, settings)])) as Table;

/**
 * The settings to store: per type only the kinds that differ from the defaults, as the server keeps
 * them (docs/profiles.md "Requirement levels"), so a later change of a default still reaches the
 * kinds this tenant never touched.
 */
export const settingsOf = (table: Table): RequirementLevels => {
  const out: RequirementLevels = {};
  for (const type of PROFILE_TYPES) {
    const defaults = resolveRequirements(type, {});
    const changed = APPLICABLE_KINDS[type].filter((k) => table[type][k] && table[type][k] !== defaults[k]);
    if (changed.length > 0) out[type] = Object.fromEntries(changed.map((k) => [k, table[type][k]]));
  }
  return out;
};

/**
 * /gp/settings/profiles: for each profile type and requirement kind, whether the investor's profile
 * must hold it (Mandatory), may (Optional) or is not asked (Hidden). The wizard and the server both
 * follow the table; a kind that cannot exist on a type (an entity's directors on an individual) is not
 * offered. One profile type at a time, so the form fits a phone.
 */
export const ProfileRequirementsTab = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, error, isLoading, mutate } = useSWR(requirementsKey(), () => apiFetch('getProfileRequirements'));
  const [type, setType] = useState<ProfileType>('INDIVIDUAL');
  const [table, setTable] = useState<Table>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (data) setTable(resolvedOf(data.settings));
  }, [data]);

  if (isLoading || (data && !table))
    return (
      <Stack aria-busy="true" gap="sm">
        <Skeleton h={28} w="30%" />
        <Skeleton h={240} />
      </Stack>
    );
  if (error || !data || !table) return <LoadError error={error} onRetry={() => void mutate()} />;

  const saved = resolvedOf(data.settings);
  const dirty = PROFILE_TYPES.some((p) => APPLICABLE_KINDS[p].some((k) => saved[p][k] !== table[p][k]));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const next = await apiFetch('updateProfileRequirements', {
        body: { settings: settingsOf(table), version: data.version },
      });
      await mutate(next, { revalidate: false });
      notifications.show({ message: t('gpSettings.saved'), color: 'green' });
    } catch (err) {
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection
      title={t('gpSettings.profileRequirements.title')}
      description={t('gpSettings.profileRequirements.description')}
      {...(canEdit ? { onSubmit: (e: FormEvent<HTMLFormElement>) => void submit(e) } : {})}
      saving={saving}
      dirty={dirty}
      error={failure}
      onReload={() => {
        setFailure(null);
        setTable(undefined);
        void mutate();
      }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={500} id="requirements-type">
          {t('gpSettings.profileRequirements.type')}
        </Text>
        <SegmentedControl
          aria-labelledby="requirements-type"
          value={type}
          onChange={(v) => setType(v as ProfileType)}
          data={PROFILE_TYPES.map((p) => ({ value: p, label: PROFILE_TYPE_LABELS[p][lang] }))}
          fullWidth
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {APPLICABLE_KINDS[type].map((kind) => (
          <NativeSelect
            key={`${type}-${kind}`}
            label={REQUIREMENT_KIND_LABELS[kind][lang]}
            value={table[type][kind]}
            onChange={(e) => {
              const level = e.currentTarget.value as RequirementLevel;
              setTable((t0) => (t0 ? { ...t0, [type]: { ...t0[type], [kind]: level } } : t0));
            }}
            data={REQUIREMENT_LEVELS.map((level) => ({ value: level, label: REQUIREMENT_LEVEL_LABELS[level][lang] }))}
            disabled={!canEdit}
          />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
};
