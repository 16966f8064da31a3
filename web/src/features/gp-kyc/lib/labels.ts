import type { Lang } from '@tranche/shared/i18n/langs';
import {
  BENEFICIAL_OWNER_TYPE_LABELS,
  ENTITY_PERSON_ROLE_LABELS,
  type Labels,
  PRINCIPAL_ROLE_LABELS,
} from '@tranche/shared/profile/profile-enums';

const regionNames = new Map<Lang, Intl.DisplayNames>();

/** A country's name in the UI language from its ISO code ("HK" -> "Hong Kong", "香港"); the code if unknown. */
export const countryName = (code: string, lang: Lang): string => {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // A value that is not a region code at all ("OTHER", a typo in a list file): show it as written.
    return code;
  }
};

/** Every label a screened person's role may carry, by its code (entity roles, owner types, principal roles). */
const ROLE_LABELS: Readonly<Record<string, Labels>> = {
  ...PRINCIPAL_ROLE_LABELS,
  ...BENEFICIAL_OWNER_TYPE_LABELS,
  ...ENTITY_PERSON_ROLE_LABELS,
  // The second holder of a joint profile (the case's own role code; no enumeration names it).
  CO_HOLDER: { en: 'Joint holder', 'zh-CN': '联名持有人' },
};

/**
 * A screened subject's role(s) in the profile, in the UI language. The case gives them as codes
 * (one, or several joined by commas); a code we have no label for is shown as written rather than
 * dropped, so a new role on the server never hides a person's part.
 */
export const subjectRoleLabels = (role: string, lang: Lang): string[] =>
  role
    .split(/[,;|]/)
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => ROLE_LABELS[code]?.[lang] ?? code);
