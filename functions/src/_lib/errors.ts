import {
  type ErrorBody,
  type ErrorCode,
  type ErrorDetails,
  errorMessage,
  type FieldIssue,
} from '@tranche/shared/errors/catalogue';
import { DomainError } from '@tranche/shared/errors/domain-error';
import type { Lang } from '@tranche/shared/i18n/langs';
import { ZodError } from 'zod';
import { isLostRace } from './db/races.js';

export { DomainError };

/**
 * Turns zod issues into the catalogue's field list; `where` is `params`, `query` or `body`. zod
 * reports every unknown key of an object in one issue: each becomes a field of its own, so the
 * caller learns all of them at once rather than one per attempt.
 */
export const fieldIssues = (where: string, error: ZodError): FieldIssue[] =>
  error.issues.flatMap((issue): FieldIssue[] => {
    const path = [where, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: [...path, key].join('.'),
        rule: issue.code,
        message: `Unrecognized key: "${key}"`,
      }));
    }
    return [{ field: path.join('.'), rule: issue.code, message: issue.message }];
  });

export const validationError = (where: string, error: ZodError): DomainError =>
  new DomainError('PARAMS_ERROR', { fields: fieldIssues(where, error) });

const THROTTLES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TimeoutError',
  'RequestTimeout',
  'ServiceUnavailable',
]);

export interface MappedError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** true when the error is ours to fix (5xx): log it with the stack. */
  internal: boolean;
}

/** The one mapping from anything thrown to the wire. Only catalogue messages ever leave the API. */
export const mapError = (error: unknown, requestId: string, lang: Lang): MappedError => {
  const body = (code: ErrorCode, details?: ErrorDetails): ErrorBody => ({
    code,
    message: errorMessage(code, lang, details),
    ...(details ? { details } : {}),
    requestId,
  });
  if (error instanceof DomainError) {
    return { status: error.status, body: body(error.code, error.details), headers: {}, internal: false };
  }
  if (error instanceof ZodError) {
    return {
      status: 400,
      body: body('PARAMS_ERROR', { fields: fieldIssues('body', error) }),
      headers: {},
      internal: false,
    };
  }
  // A write that lost to a concurrent one and that its code did not handle: still a 409, never a 500.
  if (isLostRace(error)) return { status: 409, body: body('VERSION_CONFLICT'), headers: {}, internal: false };
  const name = (error as { name?: string } | null)?.name ?? '';
  if (THROTTLES.has(name)) {
    return { status: 503, body: body('SERVICE_UNAVAILABLE'), headers: { 'retry-after': '1' }, internal: true };
  }
  return { status: 500, body: body('INTERNAL_ERROR'), headers: {}, internal: true };
};
