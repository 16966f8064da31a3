import { DomainError } from '../errors.js';

/**
 * Opaque page cursors. A cursor is the last evaluated key, base64url-encoded; on the way back in it
 * must decode to string attributes and stay inside the partition the query reads (`expectedPk`),
 * so a forged cursor can neither reach another tenant nor make DynamoDB fail.
 */
/** The answer to a page cursor that is not one this API handed out (PARAMS_ERROR on `query.cursor`). */
export const invalidCursor = (): DomainError =>
  new DomainError('PARAMS_ERROR', {
    fields: [{ field: 'query.cursor', rule: 'invalid_cursor', message: 'Invalid page cursor' }],
  });

export const encodeCursor = (key: Record<string, unknown> | undefined): string | undefined =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;

export const decodeCursor = (
  cursor: string | undefined,
  pkAttribute: string,
  expectedPk: string,
  allowed: readonly string[],
): Record<string, string> | undefined => {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidCursor();
  const entries = Object.entries(parsed);
  const ok =
    entries.length === allowed.length &&
    entries.every(([k, v]) => allowed.includes(k) && typeof v === 'string' && v.length > 0 && v.length < 1024) &&
    (parsed as Record<string, string>)[pkAttribute] === expectedPk;
  if (!ok) throw invalidCursor();
  return parsed as Record<string, string>;
};
