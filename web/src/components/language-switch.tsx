import { NativeSelect } from '@mantine/core';
import { LANG_LABELS, type Lang } from '@tranche/shared/i18n/langs';

interface LanguageSwitchProps {
  languages: readonly Lang[];
  value: Lang;
  onChange: (lang: Lang) => void;
  /** Accessible name, e.g. "Language". */
  label: string;
}

/**
 * The header's language switch: a native select (keyboard, screen-reader and mobile friendly, and
 * no popover code in the first download). Each language is named in itself: English, 简体中文.
 */
export const LanguageSwitch = ({ languages, value, onChange, label }: LanguageSwitchProps) => {
  if (languages.length < 2) return null;
  return (
    <NativeSelect
      aria-label={label}
      size="xs"
      value={value}
      onChange={(e) => {
        const next = languages.find((l) => l === e.currentTarget.value);
        if (next) onChange(next);
      }}
      leftSection={<Globe />}
      leftSectionPointerEvents="none"
      w={128}
    >
      {languages.map((lang) => (
        <option key={lang} value={lang} lang={lang}>
          {LANG_LABELS[lang]}
        </option>
      ))}
    </NativeSelect>
  );
};

const Globe = () => (
  <svg aria-hidden width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </svg>
);
