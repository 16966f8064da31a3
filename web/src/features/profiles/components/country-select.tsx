import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '@/features/profiles/api/countries';
import { useLang } from '@/i18n/use-lang';

type CountrySelectProps = Omit<SelectProps, 'data' | 'searchable' | 'onChange' | 'value'> & {
  value: string | null | undefined;
  onChange: (code: string | null) => void;
};

/**
 * A country by typing its name in either language or its code (the /meta-country/query list), the
 * value an ISO 3166-1 alpha-2 code. Mantine's Select is a combobox: arrow keys, Enter and Escape
 * work, and the input is labelled.
 */
export const CountrySelect = ({ value, onChange, ...props }: CountrySelectProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, isLoading } = useCountries();
  const options = useMemo(
    () =>
      (data?.items ?? [])
        .map((c) => ({ value: c.code, label: `${c.name[lang]} (${c.code})` }))
        .sort((a, b) => a.label.localeCompare(b.label, lang)),
    [data, lang],
  );
  return (
    <Select
      {...props}
      data={options}
      value={value || null}
      onChange={(code) => onChange(code)}
      searchable
      clearable={!props.required}
      nothingFoundMessage={isLoading ? t('app.loading') : t('profiles.noCountry')}
      comboboxProps={{ withinPortal: true }}
      autoComplete="off"
    />
  );
};
