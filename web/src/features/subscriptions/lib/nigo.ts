import { errorMessage, isErrorCode } from '@tranche/shared/errors/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { NigoFailure } from '@tranche/shared/subscription/subscription.schema';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';

/** The NIGO check's findings, when a PREPARE was refused for them (422 SUBSCRIPTION_NIGO). */
export const nigoFailures = (error: unknown): NigoFailure[] | undefined => {
  if (!isApiError(error) || error.code !== 'SUBSCRIPTION_NIGO') return undefined;
  const found = error.details.failures;
  if (!Array.isArray(found)) return undefined;
  return found.filter(
    (f): f is NigoFailure =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as NigoFailure).step === 'string' &&
      typeof (f as NigoFailure).field === 'string' &&
      typeof (f as NigoFailure).code === 'string',
  );
};

/**
 * One finding in words: the error catalogue's message for its code (the NIGO codes are catalogued
 * with the amount rules), the field it names filled in; a plain "this needs fixing" for a code this
 * build does not know.
 */
export const nigoText = (failure: NigoFailure, lang: Lang, t: TFunction): string =>
  isErrorCode(failure.code)
    ? errorMessage(failure.code, lang, { field: failure.field })
    : t('subscriptions.nigo.other');
