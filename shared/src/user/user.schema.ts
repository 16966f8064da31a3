import * as z from 'zod';
import { ROLES } from '../auth/roles.js';
import { IdSchema, LangSchema } from '../common.schema.js';
import { ACCOUNT_INVITE_STATUSES, ACCOUNT_STATES, MFA_METHODS } from '../enums.js';
import { CurrencySchema } from '../money.js';

/**
 * Email rule of spec §5: standard pattern, at most 254 characters in all, 64 in the local part and
 * 63 in each domain label.
 */
export const EmailSchema = z
  .string()
  .max(254)
  .email()
  .refine((v) => (v.split('@')[0] ?? '').length <= 64, 'The part before @ is at most 64 characters')
  .refine(
    (v) => (v.split('@')[1] ?? '').split('.').every((label) => label.length <= 63),
    'Each domain label is at most 63 characters',
  );

export const CurrentUserSchema = z.object({
  userId: IdSchema,
  tenantId: IdSchema,
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  inviteStatus: z.enum(ACCOUNT_INVITE_STATUSES),
  accountState: z.enum(ACCOUNT_STATES),
  mfaMethods: z.array(z.enum(MFA_METHODS)),
  language: LangSchema,
  currency: CurrencySchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
