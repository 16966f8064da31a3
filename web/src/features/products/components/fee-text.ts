import type { Lang } from '@tranche/shared/i18n/langs';
import type { ShareClass } from '@tranche/shared/product/product.schema';
import type { TFunction } from 'i18next';
import { formatMoney, formatPercent } from '../../../lib/format';

type Fee = ShareClass['managementFee'];

/** A fee as investors read it: `1.5%`, `1% to 2%`, `USD 500`, or "Other: …". */
export const feeText = (fee: Fee, currency: string, lang: Lang, t: TFunction): string => {
  const one = (value: string) =>
    fee.type === 'PERCENTAGE' ? formatPercent(value, lang) : formatMoney(value, currency, lang);
  if (fee.display === 'RANGE' && fee.upTo) return t('fee.range', { from: one(fee.value), to: one(fee.upTo) });
  if (fee.display === 'OTHER') return t('fee.other', { value: one(fee.value) });
  return one(fee.value);
};
