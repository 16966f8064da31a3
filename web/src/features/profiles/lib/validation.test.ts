import { describe, expect, it } from 'vitest';
import { ruleKey, ruleMessage } from './validation';

describe('profile field messages', () => {
  it('keeps the spec section-5 keys the profile routes answer with', () => {
    for (const key of ['required', 'phone', 'email', 'realName', 'personChosen', 'atLeastOneChecked'])
      expect(ruleKey(key, 'anything')).toBe(key);
  });

  it('reads an empty or missing value as required and an over-long one as too long', () => {
    expect(ruleKey('too_small', 'lastName')).toBe('required');
    expect(ruleKey('invalid_type', 'dateOfBirth')).toBe('required');
    expect(ruleKey('too_big', 'lastName')).toBe('tooLong');
  });

  it('names the format that failed from the field', () => {
    expect(ruleKey('invalid_format', 'email')).toBe('email');
    expect(ruleKey('invalid_format', 'phone')).toBe('phone');
    expect(ruleKey('invalid_format', 'dateOfBirth')).toBe('date');
    expect(ruleKey('invalid_format', 'postalCode')).toBe('invalid');
  });

  it('says a percentage is out of range on an ownership share, whatever its index', () => {
    expect(ruleMessage('too_big', 'members.1.ownership')).toBe('percent');
    expect(ruleMessage('invalid_value', 'taxJurisdictions.0.country')).toBe('country');
  });
});
