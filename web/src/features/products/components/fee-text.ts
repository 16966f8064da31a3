import type { Lang } from '@tranche/shared/i18n/langs';
import type { Fee } from '@tranche/shared/product/product.schema';
import type { TFunction } from 'i18next';
import { formatMoney, formatPercent } from '@/lib/format';
import { localized } from '@/lib/localized';

/**
 * A fee as investors read it, by its display type: FLAT `1.5%` or `USD 500`, RANGE `1% to 2%`,
 * OTHER the manager's note ("Negotiable"). FIXED values are amounts in `currency`.
 * No fee reads the same everywhere, "None": a fee not charged (absent), a flat zero, or a fee
 * without a value or note.
 */
export const feeText = (fee: Fee | undefined, currency: string, lang: Lang, t: TFunction): string => {
  const none = t('fee.none');
  if (!fee) return none;
  const one = (value: string) =>
    fee.type === 'PERCENTAGE' ? formatPercent(value, lang) : formatMoney(value, currency, lang);
  if (fee.display === 'OTHER') return fee.note ? localized(fee.note, lang) : none;
  if (fee.display === 'RANGE' && fee.value !== undefined && fee.upTo !== undefined)
    return t('fee.range', { from: one(fee.value), to: one(fee.upTo) });
  return fee.value !== undefined && Number(fee.value) !== 0 ? one(fee.value) : none;
};
