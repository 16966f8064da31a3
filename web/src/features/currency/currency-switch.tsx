import { NativeSelect } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/session';
import { useTenant } from '@/features/tenant';
import { useDisplayCurrency } from './use-display-currency';

/** Users whose account currency was already applied on this page load. */
const applied = new Set<string>();

/**
 * The header's display-currency switch, beside the language switch: a native select like it (no
 * popover code in the first download), shown only when the tenant offers more than one currency.
 * A signed-in investor's account currency is used until they choose another on this device.
 */
export const CurrencySwitch = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [currency, choose] = useDisplayCurrency();
  const { data: user } = useCurrentUser();

  useEffect(() => {
    if (!user || applied.has(user.userId)) return;
    applied.add(user.userId);
    // Only over the untouched default: a currency chosen on this device wins.
    if (currency === tenant.defaultCurrency && user.currency !== currency) choose(user.currency);
  }, [user, currency, tenant.defaultCurrency, choose]);

  if (tenant.currencies.length < 2) return null;
  return (
    <NativeSelect
      aria-label={t('displayCurrency.label')}
      size="xs"
      value={currency}
      onChange={(e) => choose(e.currentTarget.value)}
      w={84}
    >
      {tenant.currencies.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </NativeSelect>
  );
};
