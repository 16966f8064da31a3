import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { assertPasswordAllowed, passwordProblem } from './password.js';

describe('password policy', () => {
  it('asks for length, not composition', () => {
    expect(passwordProblem('short-Pa55!')).toBe('tooShort');
    expect(passwordProblem('correct horse battery staple')).toBeUndefined();
    expect(passwordProblem('all lower case words here')).toBeUndefined();
  });

  it('allows long passphrases up to 256 characters', () => {
    expect(passwordProblem('a quiet river runs '.repeat(13).slice(0, 256))).toBeUndefined();
    expect(passwordProblem('x'.repeat(12) + 'y'.repeat(245))).toBe('tooLong');
  });

  it('refuses the most common passwords, whatever their case', () => {
    expect(passwordProblem('qwertyuiop123')).toBe('common');
    expect(passwordProblem('1qaz2wsx3edc')).toBe('common');
    expect(passwordProblem('QwErTy123456')).toBe('common');
  });

  it('refuses a common password padded with digits or symbols', () => {
    expect(passwordProblem('password123456!')).toBe('common');
    expect(passwordProblem('!!dragon2024!!')).toBe('common');
  });

  it('refuses repetitions and the account email', () => {
    expect(passwordProblem('aaaaaaaaaaaaaa')).toBe('common');
    expect(passwordProblem('abcabcabcabcabc')).toBe('common');
    expect(passwordProblem('ingrid.w-secret-2026', { email: 'ingrid.w@alpine.example' })).toBe('common');
  });

  it('answers PasswordTooCommon naming the field', () => {
    try {
      assertPasswordAllowed('password123456', 'body.newPassword');
      expect.fail('should throw');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('PasswordTooCommon');
      expect((error as DomainError).details?.fields?.[0]?.field).toBe('body.newPassword');
    }
  });
});
