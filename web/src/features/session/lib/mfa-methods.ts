import type { MfaMethod } from '@tranche/shared/enums';

/** The order MFA methods are listed in, at sign-in and in the account: the app first, it needs no message. */
const MFA_METHOD_ORDER: readonly MfaMethod[] = ['authenticator', 'email', 'sms'];

/** `methods` in display order, each once; anything that is not a known method is left out. */
export const orderMfaMethods = (methods: readonly unknown[]): MfaMethod[] =>
  MFA_METHOD_ORDER.filter((m) => methods.includes(m));
