import { TARGET_RETURNS } from '@tranche/shared/enums';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type DisplayConversion, MoneyWithConversion } from '@/features/currency';
import { formatDate } from '@/lib/format';

/** One fact investors compare funds by: its label, how it reads, and the value lists sort it by. */
export interface FundFact {
  key: 'minInvestment' | 'targetSize' | 'targetReturn' | 'closingDate';
  label: string;
  /** Undefined when the fund does not state it (target return and closing date are optional). */
  render: (p: ProductSummary) => ReactNode | undefined;
  sortValue: (p: ProductSummary) => string | number | undefined;
}

/**
 * The facts of the fund list, the same in its cards and its table: minimum and target size in the
 * fund's currency with the display-currency equivalent (as on the fund page), target return, and
 * the first closing date. Amounts sort by their display-currency value when a rate exists, so funds
 * in different currencies order by what they are worth to the reader.
 */
export const fundFacts = (t: TFunction, lang: Lang, conversion: DisplayConversion): FundFact[] => {
  const money = (amount: string, currency: Currency) => (
    <MoneyWithConversion amount={amount} currency={currency} conversion={conversion} />
  );
  const comparable = (amount: string, currency: Currency) =>
    Number(conversion.convert(amount, currency)?.amount ?? amount);
  return [
    {
      key: 'minInvestment',
      label: t('product.minInvestment'),
      render: (p) => money(p.minInvestment, p.currency),
      sortValue: (p) => comparable(p.minInvestment, p.currency),
    },
    {
      key: 'targetSize',
      label: t('product.targetSize'),
      render: (p) => money(p.targetSize, p.currency),
      sortValue: (p) => comparable(p.targetSize, p.currency),
    },
    {
      key: 'targetReturn',
      label: t('catalogue.targetReturn'),
      render: (p) => (p.targetReturn ? t(`targetReturn.${p.targetReturn}`) : undefined),
      // The enumeration lists the bands in rising order (EQ5 ... GT40), then the two kinds of return.
      sortValue: (p) => (p.targetReturn ? TARGET_RETURNS.indexOf(p.targetReturn) : undefined),
    },
    {
      key: 'closingDate',
      label: t('product.closingDate'),
      render: (p) => (p.closingDate ? formatDate(p.closingDate, lang) : undefined),
      sortValue: (p) => p.closingDate,
    },
  ];
};
