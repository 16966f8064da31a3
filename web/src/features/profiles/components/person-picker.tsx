import { Select } from '@mantine/core';
import type { Person } from '@tranche/shared/profile/profile.schema';
import { PROFILE_VALIDATION_MESSAGES } from '@tranche/shared/profile/profile-enums';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersons } from '@/features/profiles/api/get-profiles';
import { personName } from '@/features/profiles/lib/members';
import { useLang } from '@/i18n/use-lang';

interface PersonPickerProps {
  /** The chosen person's id; '' for "a new person". */
  value: string;
  /** Persons already in this place (the entity's other members): choosing one again is personChosen. */
  chosenIds: readonly string[];
  onPick: (person: Person | undefined) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * "Choose an existing person": the investor's persons (typed once, on any profile), so nobody is
 * typed twice. A person already chosen here is still listed, marked, and answered with the spec's
 * personChosen message rather than silently hidden.
 */
export const PersonPicker = ({ value, chosenIds, onPick, error, disabled }: PersonPickerProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data } = usePersons();
  const persons = data?.items ?? [];
  const options = useMemo(
    () => [
      { value: '', label: t('profiles.members.newPerson') },
      ...persons.map((p) => ({
        value: p.personId,
        label: [personName(p) || t('profiles.unnamed'), p.dateOfBirth].filter(Boolean).join(' · '),
      })),
    ],
    [persons, t],
  );
  const taken = value !== '' && chosenIds.includes(value);
  return (
    <Select
      label={t('profiles.members.choose')}
      description={t('profiles.members.chooseHint')}
      data={options}
      value={value}
      allowDeselect={false}
      searchable
      disabled={disabled}
      onChange={(id) => onPick(persons.find((p) => p.personId === id))}
      error={taken ? PROFILE_VALIDATION_MESSAGES.personChosen[lang] : error}
      nothingFoundMessage={t('profiles.noPerson')}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
