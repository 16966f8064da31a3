import { newIdempotencyKey } from '@tranche/shared/http/idempotency';
import type { Lang } from '@tranche/shared/i18n/langs';
import { useRef } from 'react';
import { localized } from '@/lib/localized';

/** A money amount as the API takes it: major units with at most 2 decimals, no sign or grouping. */
export const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/** The react-hook-form rules of an amount field; the messages are translation keys (ruleTextWith). */
export const amountRules = (required: boolean) => ({
  ...(required ? { required: 'gpMoney.create.errors.required' } : {}),
  pattern: { value: AMOUNT, message: 'gpMoney.create.errors.amount' },
});

/**
 * One Idempotency-Key per intended request. `keyFor(intent)` answers the same key while the intent
 * (the request's target and body) is unchanged, so a retry after a network failure is recorded once,
 * and a new key as soon as the manager changes anything, so a different request is never swallowed.
 */
export const useAttemptKey = () => {
  const attempt = useRef<{ intent: string; key: string } | undefined>(undefined);
  return (intent: unknown): string => {
    const text = JSON.stringify(intent);
    if (attempt.current?.intent !== text) attempt.current = { intent: text, key: newIdempotencyKey() };
    return attempt.current.key;
  };
};

/** A new call's or distribution's fund choices: an empty "choose a fund" first, so none is taken by default. */
export const fundOptions = (
  funds: readonly { productId: string; name: Parameters<typeof localized>[0] }[],
  choose: string,
  lang: Lang,
) => [{ value: '', label: choose }, ...funds.map((f) => ({ value: f.productId, label: localized(f.name, lang) }))];
