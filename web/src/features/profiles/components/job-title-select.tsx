import { Select, type SelectProps } from '@mantine/core';
import { JOB_TITLE_LABELS, JOB_TITLES, type JobTitle } from '@tranche/shared/profile/profile-enums';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';

type JobTitleSelectProps = Omit<SelectProps, 'data' | 'searchable' | 'onChange' | 'value'> & {
  value: JobTitle | null | undefined;
  onChange: (title: JobTitle | null) => void;
};

/** One of the spec's 36 job titles, found by typing (labels in the UI language; Other stays last). */
export const JobTitleSelect = ({ value, onChange, ...props }: JobTitleSelectProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useMemo(
    () => JOB_TITLES.map((title) => ({ value: title, label: JOB_TITLE_LABELS[title][lang] })),
    [lang],
  );
  return (
    <Select
      {...props}
      data={options}
      value={value ?? null}
      onChange={(title) => onChange(title as JobTitle | null)}
      searchable
      clearable={!props.required}
      nothingFoundMessage={t('profiles.noJobTitle')}
      comboboxProps={{ withinPortal: true }}
      autoComplete="off"
    />
  );
};
