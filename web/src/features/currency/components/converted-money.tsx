import { Text } from '@mantine/core';
import type { Currency } from '@tranche/shared/money';
import { type ConvertedAmount, convertForDisplay } from '@tranche/shared/tenant/display-currency';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencyPolicy } from '@/features/currency/api/get-currency-policy';
import { useCurrencyLocales } from '@/features/currency/locales';
import { useDisplayCurrency } from '@/features/currency/use-display-currency';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';

export interface DisplayConversion {
  /** The investor's display currency. */
  target: Currency;
  /** `amount` of `from` in the display currency; null when it is the same, or no rate exists (yet). */
  convert: (amount: string, from: Currency) => ConvertedAmount | null;
}

/**
 * Converts amounts of `currencies` into the investor's display currency with the tenant's display
 * rates (asked for only when one of them differs from it). For display only: never for money that moves.
 */
export const useDisplayConversion = (currencies: readonly Currency[]): DisplayConversion => {
  useCurrencyLocales();
  const [target] = useDisplayCurrency();
  const { data: policy } = useCurrencyPolicy(currencies.some((c) => c !== target));
  // One object until the rates or the display currency change, so memoised rows and cards
  // (ProductCard) skip the parent's other re-renders.
  return useMemo(
    () => ({
      target,
      convert: (amount: string, from: Currency) => {
        if (!policy || from === target) return null;
        try {
          return convertForDisplay(amount, from, target, policy);
        } catch {
          return null;
        }
      },
    }),
    [policy, target],
  );
};

/** An amount in its own currency, then "≈ <converted>" in the display currency when that differs and a rate exists. */
export const MoneyWithConversion = ({
  amount,
  currency,
  conversion,
}: {
  amount: string;
  currency: Currency;
  conversion: DisplayConversion;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const converted = conversion.convert(amount, currency);
  return (
    <>
      {formatMoney(amount, currency, lang)}
      {converted && (
        <Text component="span" display="block" size="sm" fw={400} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('conversion.approx', { amount: formatMoney(converted.amount, converted.currency, lang) })}
        </Text>
      )}
    </>
  );
};

/** The note under converted amounts: the display currency, the rate's as-of date, "indicative". */
export const ConversionNote = ({
  currencies,
  conversion,
}: {
  currencies: readonly Currency[];
  conversion: DisplayConversion;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const dates = currencies
    .map((c) => conversion.convert('1', c)?.asOf)
    .filter((d): d is string => d !== undefined)
    .sort();
  const converted = currencies.some((c) => conversion.convert('1', c));
  if (!converted) return null;
  return (
    <Text size="xs" c="dimmed" mt="md">
      {t('conversion.note', {
        currency: conversion.target,
        date: dates[0] ? formatDate(dates[0], lang) : '—',
      })}
    </Text>
  );
};
