import { PERMISSIONS } from '../../auth/permissions.js';
import {
  BankAccountParamsSchema,
  BankDecisionBodySchema,
  GpBankAccountSchema,
  RevealBankBodySchema,
  RevealBankQuerySchema,
  RevealedBankAccountSchema,
  StepUpBodySchema,
  StepUpResultSchema,
} from '../../profile/bank-approval.schema.js';
import type { RouteDef } from '../route-def.js';

/**
 * Wire-instruction integrity (issue 11, Deliver 8; docs/profiles.md "Bank accounts: approval, step-up,
 * payouts"). The spec names no path for any of these: the GP's pair sits under the console's /gp/, the
 * step-up beside the user centre's other account routes, the reveal beside the profile's bank routes.
 */
export const BANK_ACCOUNT_ROUTES = {
  getBankAccountForReview: {
    operationId: 'getBankAccountForReview',
    method: 'GET',
    path: '/gp/profiles/{profileId}/bank-accounts/{bankId}',
    handler: 'bank-account/get-bank-account-for-review',
    summary:
      'A bank account of an investor profile as the team reviews it (number masked), with the decisions open to this user',
    tags: ['bank-accounts'],
    auth: 'session',
    roles: PERMISSIONS.readKycCases,
    params: BankAccountParamsSchema,
    response: GpBankAccountSchema,
    errors: ['bankAccountNotExist'],
    ownedIds: ['profileId', 'bankId'],
  },
  decideBankAccount: {
    operationId: 'decideBankAccount',
    method: 'POST',
    path: '/gp/profiles/{profileId}/bank-accounts/{bankId}/decision',
    handler: 'bank-account/decide-bank-account',
    summary: 'Approves or rejects a pending bank account, with a reason, on the version the GP saw',
    tags: ['bank-accounts'],
    auth: 'session',
    roles: PERMISSIONS.decideBankAccounts,
    params: BankAccountParamsSchema,
    body: BankDecisionBodySchema,
    response: GpBankAccountSchema,
    errors: ['bankAccountNotExist', 'BANK_ACCOUNT_NOT_PENDING', 'VERSION_CONFLICT'],
    ownedIds: ['profileId', 'bankId'],
  },
  stepUp: {
    operationId: 'stepUp',
    method: 'POST',
    path: '/user-center/step-up',
    handler: 'bank-account/step-up',
    needs: { userPool: ['AdminInitiateAuth'], secretBox: 'open' },
    summary: 'Re-authentication: the password or an authenticator code again, recorded on this session for 5 minutes',
    tags: ['bank-accounts'],
    auth: 'session',
    roles: PERMISSIONS.keepProfiles,
    body: StepUpBodySchema,
    response: StepUpResultSchema,
    errors: [
      'STEP_UP_FAILED',
      'AccountLockoutNew',
      'AccountLockoutWarning',
      'AccountFrequencyLimit',
      'AccountLastAttemptWarning',
      'RATE_LIMITED',
    ],
  },
  revealBankAccount: {
    operationId: 'revealBankAccount',
    method: 'POST',
    path: '/subscription/profile/reveal-bank-account',
    handler: 'bank-account/reveal-bank-account',
    summary: 'The full number of one of the profile’s accounts, only within 5 minutes of a step-up',
    tags: ['bank-accounts'],
    auth: 'session',
    roles: PERMISSIONS.keepProfiles,
    query: RevealBankQuerySchema,
    body: RevealBankBodySchema,
    response: RevealedBankAccountSchema,
    errors: ['STEP_UP_REQUIRED', 'bankAccountNotExist', 'SUBSCRIPTION_PROFILE_EXISTS'],
    ownedIds: ['profileId'],
    // Opens the account's sealed numbers (functions/src/bank-account/bank-number.ts).
    needs: { secretBox: 'open', secretBoxPurpose: 'bankNumber' },
  },
} as const satisfies Record<string, RouteDef>;
