import { IdSchema, IsoDateTimeSchema, safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { CurrencySchema } from '../money.js';
import { ibanChecks } from './iban.js';

/**
 * A fund's bank details: the accounts investors pay capital calls into (docs/money.md "Fund bank
 * details"). One account per currency of the fund: a call is in one currency (a share class's), and
 * the notice shows the account in that currency. They are a record of their own beside the product,
 * not a product field, because the product's fields go into the investor catalogue, and because only
 * an admin may change where investors send money (the product form itself is a member's).
 *
 * Shown on the notice in the portal and printed in the notice PDF; never in an email or an inbox text.
 */

export { ibanChecks, printedIban } from './iban.js';

const Line = safeText({ max: 140 });

export const IbanSchema = z
  .string()
  .trim()
  .max(42)
  .refine(ibanChecks, { message: 'Must be an IBAN with valid check digits, such as GB82 WEST 1234 5698 7654 32' });
/** SWIFT/BIC: 4 bank letters, 2 country letters, 2 location characters, an optional 3-character branch. */
export const SwiftBicSchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Must be an 8 or 11 character SWIFT/BIC');

export const FundBankAccountSchema = z
  .strictObject({
    currency: CurrencySchema,
    bankName: Line,
    /** The account holder: the fund (or its custodian for the fund). */
    accountName: Line,
    /** Either an IBAN or a local account number, not both. */
    iban: IbanSchema.optional(),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, 'Letters, digits, spaces and dashes, 4 to 40')
      .optional(),
    swiftBic: SwiftBicSchema,
    /** US accounts: the 9-digit ABA routing number. */
    routingNumber: z
      .string()
      .regex(/^\d{9}$/, 'Must be a 9-digit ABA routing number')
      .optional(),
    bankAddress: safeText({ max: 300, multiline: true }).optional(),
  })
  .superRefine((a, ctx) => {
    if ((a.iban === undefined) === (a.accountNumber === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['iban'],
        params: { rule: 'required' },
        message: 'Give either an IBAN or an account number',
      });
  });
export type FundBankAccount = z.infer<typeof FundBankAccountSchema>;

export const FundBankDetailsInputSchema = z
  .strictObject({
    accounts: z.array(FundBankAccountSchema).max(10),
    /** Optimistic concurrency: the version read (0 when the fund has none yet). */
    version: z.number().int().min(0),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.accounts.forEach((a, i) => {
      if (seen.has(a.currency))
        ctx.addIssue({
          code: 'custom',
          path: ['accounts', i, 'currency'],
          params: { rule: 'duplicate' },
          message: 'One account per currency',
        });
      seen.add(a.currency);
    });
  });
export type FundBankDetailsInput = z.infer<typeof FundBankDetailsInputSchema>;

export const FundBankDetailsSchema = z.object({
  productId: IdSchema,
  accounts: z.array(FundBankAccountSchema),
  /** 0 while the fund has none. */
  version: z.number().int().min(0),
  updatedAt: IsoDateTimeSchema.optional(),
  updatedBy: z.string().optional(),
});
export type FundBankDetails = z.infer<typeof FundBankDetailsSchema>;

/** What an investor is shown to pay one notice: the fund's account in the call's currency, if the fund gave one. */
export const NoticePaymentDetailsSchema = z.object({
  callId: IdSchema,
  subscriptionId: IdSchema,
  currency: CurrencySchema,
  outstanding: z.string(),
  dueDate: z.string(),
  /** The reference to quote with the transfer (the same as the notice PDF's). */
  reference: z.string(),
  account: FundBankAccountSchema.optional(),
});
export type NoticePaymentDetails = z.infer<typeof NoticePaymentDetailsSchema>;

export { noticeReference } from './notice-reference.js';
