import type { Lang } from '@tranche/shared/i18n/langs';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';

const added = new WeakMap<I18n, WeakSet<object>>();

/**
 * Adds a lazily loaded screen's strings (every language) to the app's i18next instance, once, before
 * the screen's first `t()`. Screens that load on demand keep their strings out of the first
 * download this way; their keys are still typed (src/i18n/i18next.d.ts).
 */
export const useFeatureLocales = (bundles: Readonly<Record<Lang, object>>): void => {
  const { i18n } = useTranslation();
  let seen = added.get(i18n);
  if (!seen) {
    seen = new WeakSet();
    added.set(i18n, seen);
  }
  if (seen.has(bundles)) return;
  for (const [lang, resources] of Object.entries(bundles)) {
    i18n.addResourceBundle(lang, 'translation', resources, true, false);
  }
  seen.add(bundles);
};
