import { IdSchema, LangSchema, safeText } from '../common.schema.js';
import { MFA_METHODS } from '../enums.js';
import * as z from '../lazy-zod.js';
import { CurrentUserSchema, EmailSchema } from '../user/user.schema.js';
import { ROLES } from './roles.js';

/**
 * Request and response shapes of the identity routes. Field names follow the API contract:
 * `email`, `password`, `code`, `ticket`, `newPassword`.
 */

/**
 * Password rule (SECURITY.md, ASVS V6): length over composition. At least 12 characters, at most
 * 256 (Cognito's ceiling; well over the 64 ASVS asks to allow), no character-class rules. The
 * server also refuses common passwords (functions/src/_lib/password.ts).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);
/** A password being checked, not chosen: any length a stored password could have. */
export const PasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

/** Six digits, for every emailed or texted code and for authenticator codes. */
export const CodeSchema = z.string().regex(/^\d{6}$/, 'Six digits');
/** Opaque 256-bit tokens (links, MFA tickets), base64url. */
export const OpaqueTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Must be a token from an email or a sign-in');
/** What the captcha widget produced; the verifier port judges it. */
export const CaptchaTokenSchema = z.string().min(1).max(4096);
/** The one token the local `test` captcha verifier accepts (functions/src/_lib/captcha.ts); the web's test widget sends it. */
export const LOCAL_CAPTCHA_PASS_TOKEN = 'local-captcha-pass';

export const SignUpSchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  displayName: safeText({ max: 100 }),
  language: LangSchema.optional(),
  captchaToken: CaptchaTokenSchema,
});
export const SignUpResultSchema = z.object({ email: z.string(), codeExpiresInSeconds: z.number().int() });

export const ConfirmSignUpSchema = z.strictObject({ email: EmailSchema, code: CodeSchema });

export const SignInSchema = z.strictObject({ email: EmailSchema, password: PasswordSchema });
/** A completed sign-in: the session is in the cookies, the user in the body. */
export const SignInResultSchema = z.object({
  user: CurrentUserSchema,
  /** true when the tenant requires MFA of this user and none is enrolled: only enrolment routes answer. */
  mfaEnrolmentRequired: z.boolean(),
});

/**
 * The `details` of a `mfaIsRequired` answer to signIn: the ticket binds the second step to this
 * sign-in attempt; `methods` are the user's enabled methods.
 */
export const MfaChallengeSchema = z.object({
  ticket: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
  expiresInSeconds: z.number().int(),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

export const SendMfaCodeSchema = z.strictObject({ ticket: OpaqueTokenSchema, method: z.enum(['email', 'sms']) });
export const SendMfaCodeResultSchema = z.object({ sentTo: z.string(), codeExpiresInSeconds: z.number().int() });
export const VerifyMfaSchema = z.strictObject({
  ticket: OpaqueTokenSchema,
  method: z.enum(MFA_METHODS),
  code: CodeSchema,
});
export const VerifyMfaLinkSchema = z.strictObject({ ticket: OpaqueTokenSchema, token: OpaqueTokenSchema });

export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema, captchaToken: CaptchaTokenSchema });
export const ResetPasswordSchema = z.strictObject({
  token: OpaqueTokenSchema,
  code: CodeSchema,
  newPassword: NewPasswordSchema,
});

export const ActivateAccountSchema = z.strictObject({ token: OpaqueTokenSchema });
export const ActivationInfoSchema = z.object({ email: z.string(), displayName: z.string() });
export const SetPasswordSchema = z.strictObject({ token: OpaqueTokenSchema, password: NewPasswordSchema });

export const ChangePasswordSchema = z.strictObject({ password: PasswordSchema, newPassword: NewPasswordSchema });

export const EnrolTotpResultSchema = z.object({
  /** Base32 secret, for typing in by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code PNG data URL. */
  qrDataUrl: z.string(),
});
export const ConfirmTotpSchema = z.strictObject({ code: CodeSchema });

export const SetMfaMethodsSchema = z.strictObject({
  methods: z.array(z.enum(MFA_METHODS)).max(MFA_METHODS.length),
  /** Changing factors needs the current password again. */
  password: PasswordSchema,
});

export const ConfirmPhoneSchema = z.strictObject({ code: CodeSchema });

export const InviteUserSchema = z.strictObject({
  email: EmailSchema,
  displayName: safeText({ max: 100 }),
  role: z.enum(ROLES),
  language: LangSchema.optional(),
});
export const InvitedUserSchema = z.object({ userId: z.string(), email: z.string(), inviteStatus: z.string() });

/** Path parameters: only the route template can put keys here, so unknown keys cannot occur. */
export const UserIdParamsSchema = z.object({ userId: IdSchema });
