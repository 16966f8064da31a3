import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n/langs.js';
import { ERROR_CATALOGUE, errorMessage, isErrorCode, placeholdersOf } from './catalogue.js';

/** Every code spec section 8 names, spelled as the spec spells it. */
const SPEC_CODES = [
  'TASK_NOT_EXISTS',
  'TASK_STATUS_ILLEGAL',
  'TASK_CLOSED',
  'ILLEGAL_TASK',
  'TASK_PARSE_ERROR',
  'SUBSCRIPTION_NOT_EXISTS',
  'SUBSCRIPTION_PROFILE_EXISTS',
  'SUBSCRIPTION_DATA_ROOM_ERROR',
  'FAILED',
  'SUCCESS',
  'NO_OPERATION_PERMISSION',
  'INSUFFICIENT_BALANCE',
  'PARAMS_ERROR',
  'ILLEGAL_CONVERSATION',
  'INVITE_UPPER_LIMIT',
  'AccountNotExist',
  'AccountExist',
  'DomainNotExist',
  'EmailInstanceNotExist',
  'Failed',
  'NotAutonomous',
  'TenantNotExist',
  'EmailNotExist',
  'PasswordError',
  'PrincipalIsLocked',
  'ReCaptchaVerifyFailed',
  'AccountOrPasswordError',
  'FieldIsRequired',
  'VerifyPasswordError',
  'AccountLockoutNew',
  'mfaIsRequired',
  'gatewayNotPass',
  'TEMP_TOKEN_ERROR',
  'TEMP_TOKEN_EXPIRED',
  'ADD_INVEST_ACCOUNT_ERROR',
  'EMAIL_HAS_BEEN_REGISTERED',
  'ticketInvalid',
  'mfaAuthFailed',
  'codeInvalid',
  'passwordRulesNotExist',
  'newPasswordSameAsOldPassword',
  'productIsNotExist',
  'countryIsNotOpen',
  'SCREEN_NOT_OPEN_COUNTRY',
  'SCREEN_UNDO',
  'SCREEN_NOT_PASS',
  'IDENTITY_NOT_PASS',
  'ASSENT_EMPTY',
  'SCENARIO_NOT_PASSED',
  'shareClassIsNotExist',
  'subscriptionIsNotInvested',
  'PROFILE_ID_NOT_EXIST',
  'FILE_NOT_EXIST',
  'FAIL',
];

/** Messages the spec gives word for word. */
const SPEC_MESSAGES: Record<string, string> = {
  TASK_NOT_EXISTS: 'Task does not exist!',
  TASK_CLOSED: 'This task has been completed by someone else.',
  NO_OPERATION_PERMISSION: 'You have no permission to handle this task with your account type.',
  AccountExist: 'Email already in use',
  PrincipalIsLocked: 'Sorry, your account has been locked',
  ReCaptchaVerifyFailed: 'you are a robot!',
  AccountOrPasswordError: 'Email or password is incorrect.',
  AccountLockoutNew: 'Sorry, your account has been locked',
  PasswordResetLinkExpired: 'The password reset link has expired.',
  LinkAlreadyActivated: 'This link has already been activated.',
  ActiveLinkExpired: 'The active link has expired.',
  AccountAlreadyActivated: 'Your account has already been activated.',
  CurrentPasswordIncorrect: 'the current password you entered is incorrect.',
  EmailRegistered: 'The email has been registered.',
  codeInvalid: 'Verification code is incorrect.',
  emailTaken: 'Email has already been taken',
  newPasswordSameAsOldPassword: 'Your new password must be different from your previous password.',
  PROFILE_ID_NOT_EXIST: 'Profile id is not exist',
  FILE_NOT_EXIST: 'File is not exist',
  FAIL: 'Add document failed',
};

describe('error catalogue', () => {
  it('holds every code of spec section 8', () => {
    expect(SPEC_CODES.filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it('uses the spec’s English wording where the spec gives it', () => {
    for (const [code, message] of Object.entries(SPEC_MESSAGES)) {
      expect(isErrorCode(code) && ERROR_CATALOGUE[code].messages.en, code).toBe(message);
    }
  });

  it('has a message in every language and a status for every code', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      for (const lang of LANGS) expect(entry.messages[lang].length, `${code} ${lang}`).toBeGreaterThan(0);
      expect(entry.status, code).toBeGreaterThanOrEqual(200);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  it('fills the same placeholders in every language', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      const en = placeholdersOf(entry.messages.en).sort();
      for (const lang of LANGS) expect(placeholdersOf(entry.messages[lang]).sort(), `${code} ${lang}`).toEqual(en);
    }
  });

  it('names the state and event of a refused transition in the message, and never shows a raw placeholder', () => {
    const details = { lifecycle: 'product', state: 'CLOSED', event: 'PUBLISH' };
    expect(errorMessage('productStateInvalid', 'en', details)).toBe(
      'This product cannot take the action PUBLISH while it is CLOSED.',
    );
    expect(errorMessage('productStateInvalid', 'zh-CN', details)).toBe(
      '该产品处于 CLOSED 状态，无法执行 PUBLISH 操作。',
    );
    expect(errorMessage('TRANSITION_NOT_ALLOWED', 'en', { state: { toString: () => 'x' } })).toBe(
      'The action … is not possible while this is ….',
    );
    expect(errorMessage('VERSION_CONFLICT', 'en', details)).toBe(ERROR_CATALOGUE.VERSION_CONFLICT.messages.en);
  });

  it('gives Chinese messages that are not just the English copied', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE))
      expect(entry.messages['zh-CN'], code).not.toBe(entry.messages.en);
  });
});
