import { type Currency, MINOR_DIGITS } from '@tranche/shared/money';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { DomainError } from '#lib/errors';

/**
 * An amount from a request in `currency`: refused (400 PARAMS_ERROR naming the field) when it is finer
 * than the currency's minor unit, since money is never rounded silently; returned with exactly the
 * currency's minor digits.
 */
export const moneyField = (value: string, currency: Currency, field: string): string => {
  const fraction = value.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > MINOR_DIGITS[currency]) {
    throw new DomainError('PARAMS_ERROR', {
      fields: [
        {
          field: `body.${field}`,
          rule: 'minor_unit',
          message: `At most ${MINOR_DIGITS[currency]} decimals in ${currency}`,
        },
      ],
    });
  }
  return toAmount(dec(value), currency);
};

/** A positive amount: zero is refused the same way (a payment or a price of nothing is a typing error). */
export const positiveMoneyField = (value: string, currency: Currency, field: string): string => {
  const amount = moneyField(value, currency, field);
  if (dec(amount).lte(0)) {
    throw new DomainError('PARAMS_ERROR', {
      fields: [{ field: `body.${field}`, rule: 'positive', message: 'Must be more than zero' }],
    });
  }
  return amount;
};
