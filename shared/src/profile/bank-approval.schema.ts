/**
 * The wire shapes of wire-instruction integrity (issue 11, Deliver 8; routes in
 * shared/src/http/routes/bank-account.routes.ts): the GP's view and decision of a pending account, the
 * step-up, and the reveal of a full account number.
 */
import { PASSWORD_MAX_LENGTH } from '../auth/auth.schema.js';
import { IdSchema, IsoDateTimeSchema, safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { AccountKindSchema, AccountStatusSchema } from './profile-enums.js';

export const BankAccountParamsSchema = z.strictObject({ profileId: IdSchema, bankId: IdSchema });

export const BankReviewSchema = z.object({
  decision: z.enum(['APPROVED', 'REJECTED']),
  reason: z.string(),
  decidedBy: z.string(),
  decidedAt: IsoDateTimeSchema,
});

/** What a GP sees of an account to decide on: never the full number. */
export const GpBankAccountSchema = z.object({
  profileId: IdSchema,
  profileName: z.string(),
  investorName: z.string(),
  bankId: IdSchema,
  kind: AccountKindSchema,
  bankName: z.string(),
  accountName: z.string(),
  accountNumberMasked: z.string(),
  currency: z.string(),
  bankCountry: z.string(),
  swiftBic: z.string().optional(),
  routingNumber: z.string().optional(),
  status: AccountStatusSchema,
  /** The version to name in the decision: a decision on an older one is 409 BANK_ACCOUNT_NOT_PENDING. */
  updatedAt: IsoDateTimeSchema,
  review: BankReviewSchema.optional(),
  /** The decisions this user may take now (none for a GP member, or when it is not pending). */
  allowedDecisions: z.array(z.enum(['APPROVED', 'REJECTED'])),
});
export type GpBankAccount = z.infer<typeof GpBankAccountSchema>;

export const BankDecisionBodySchema = z.strictObject({
  decision: z.enum(['APPROVED', 'REJECTED']),
  /** Why: kept on the account and in the audit trail (required for both decisions). */
  reason: safeText({ max: 1000, multiline: true }),
  /** The account's `updatedAt` as the GP saw it. */
  updatedAt: IsoDateTimeSchema,
});
export type BankDecisionBody = z.infer<typeof BankDecisionBodySchema>;

/** Re-authentication: the password, or a code of the user's authenticator app. Exactly one. */
export const StepUpBodySchema = z
  .strictObject({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    mfaCode: z
      .string()
      .regex(/^\d{6}$/, 'Must be the 6-digit code of your authenticator app')
      .optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.mfaCode === undefined), {
    message: 'Give either password or mfaCode',
    path: ['password'],
  });
export type StepUpBody = z.infer<typeof StepUpBodySchema>;
export const StepUpResultSchema = z.object({ stepUpUntil: IsoDateTimeSchema });

export const RevealBankQuerySchema = z.strictObject({ profileId: IdSchema });
export const RevealBankBodySchema = z.strictObject({ bankId: IdSchema });
export const RevealedBankAccountSchema = z.object({
  bankId: IdSchema,
  accountNumber: z.string(),
  custodianAccountNumber: z.string().optional(),
  /** When the step-up stops counting: the page hides the number again then. */
  visibleUntil: IsoDateTimeSchema,
});
