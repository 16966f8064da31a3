import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tranche/shared/auth/auth.schema';
import { isCommonPassword } from './common-passwords.js';
import { DomainError } from './errors.js';

/**
 * The password policy (SECURITY.md, ASVS V6.2): length over composition, no character-class rules,
 * and no common passwords. The list is zxcvbn-ts's `passwords-common` (about 49,000 of the most
 * frequent passwords in public breach corpora), shipped in the npm package
 * `@zxcvbn-ts/language-common` and loaded on the first check (common-passwords.ts). A password is
 * refused when, lower-cased, it is on the list, or is a listed password with digits or symbols
 * stuck on either end ("dragon1234567!"), or one short chunk repeated ("abcabcabcabc"), or contains
 * the user's email or its local part.
 */
const stripDecorations = (value: string): string => value.replace(/^[\d\W_]+/, '').replace(/[\d\W_]+$/, '');

const isRepetition = (value: string): boolean => {
  for (let size = 1; size <= 4; size++) {
    const chunk = value.slice(0, size);
    if (chunk.repeat(Math.ceil(value.length / size)).slice(0, value.length) === value) return true;
  }
  return false;
};

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common';

export const passwordProblem = (password: string, context: { email?: string } = {}): PasswordProblem | undefined => {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const lower = password.toLowerCase();
  const core = stripDecorations(lower);
  if (isRepetition(lower) || isCommonPassword(lower) || (core.length >= 4 && isCommonPassword(core))) return 'common';
  const email = context.email?.toLowerCase();
  const local = email?.split('@')[0];
  if (email && (lower.includes(email) || (local && local.length >= 4 && lower.includes(local)))) return 'common';
  return undefined;
};

/** Throws the catalogue answer for a password that breaks the policy. */
export const assertPasswordAllowed = (password: string, field: string, context: { email?: string } = {}): void => {
  const problem = passwordProblem(password, context);
  if (!problem) return;
  if (problem === 'common')
    throw new DomainError('PasswordTooCommon', { fields: [{ field, rule: 'common', message: 'Too common' }] });
  throw new DomainError('PARAMS_ERROR', {
    fields: [{ field, rule: problem, message: `Between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters` }],
  });
};
