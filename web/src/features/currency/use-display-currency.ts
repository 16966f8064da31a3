import type { Currency } from '@tranche/shared/money';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTenant } from '@/features/tenant';
import type { ClientStorage } from '@/lib/storage';
import { useClientStorage } from '@/lib/storage-context';

// In the first download (the header's switch uses it): keep it tiny.

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const subscribe = (storage: ClientStorage) => (listener: () => void) => {
  listeners.add(listener);
  // Another tab of the same portal chose a currency.
  const onStorage = (e: StorageEvent) => {
    if (e.key === storage.keyFor('currency')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** The stored choice when the tenant still offers it, else the tenant's base currency. */
export const displayCurrencyOf = (
  tenant: { readonly currencies: readonly string[]; readonly defaultCurrency: Currency },
  stored: string | undefined,
): Currency => (stored && tenant.currencies.includes(stored) ? (stored as Currency) : tenant.defaultCurrency);

/**
 * The currency the investor chose to see amounts in (spec §3 storage key "currency"), always one the
 * tenant offers (else its base currency), and a setter that every reader follows at once.
 */
export const useDisplayCurrency = (): [Currency, (currency: string) => void] => {
  const storage = useClientStorage();
  const tenant = useTenant();
  const offered = tenant.currencies as readonly string[];
  const read = (): Currency => displayCurrencyOf(tenant, storage.get('currency'));
  const sub = useMemo(() => subscribe(storage), [storage]);
  const currency = useSyncExternalStore(sub, read, read);
  const choose = useCallback(
    (next: string) => {
      if (!offered.includes(next)) return;
      storage.set('currency', next);
      notify();
    },
    [storage, offered],
  );
  return [currency, choose];
};
