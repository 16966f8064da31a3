import { IdSchema, IsoDateTimeSchema, safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import type { SignerRole, SigningFieldKind } from './signing.schema.js';
import { SIGNER_STATES, SIGNING_PROJECT_STATES } from './signing-state.js';

// The manager side's lists (signing.schema.ts), repeated so the signer's handlers do not carry that
// module's imports (user, file and contract-tag schemas: over the 400 KB handler budget). The types
// keep them equal: a kind or role added there and not here fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const FIELD_KINDS = ['SIGNATURE', 'INITIALS', 'SEAL', 'DATE', 'TEXT', 'CHECKBOX'] as const;
const SIGNER_ROLES = ['LP', 'GP', 'WITNESS'] as const;
const _sameKinds: Same<(typeof FIELD_KINDS)[number], SigningFieldKind> = true;
const _sameRoles: Same<(typeof SIGNER_ROLES)[number], SignerRole> = true;
void _sameKinds;
void _sameRoles;

const FieldKindSchema = z.enum(FIELD_KINDS);
const SignerRoleSchema = z.enum(SIGNER_ROLES);
const SignerStateSchema = z.enum(SIGNER_STATES);
const SigningProjectStateSchema = z.enum(SIGNING_PROJECT_STATES);
const PageSizeSchema = z.object({ width: z.number(), height: z.number(), rotation: z.number().int() });

/**
 * The signer's side of a signing project (issue 12, docs/signing.md "Signer side"): what a signer
 * sends and reads on /sign/* and /signer/{signerId} (shared/src/http/routes/sign.routes.ts). Who the
 * caller is comes from their session (a signer with an account) or the emailed link token (header
 * `x-signing-link`); what they may see after the emailed code, from the ticket /sign/validate hands
 * out (header `x-signing-ticket`).
 */

/** Signer ids are made by the manager's editor: short, URL- and key-safe (as signing.schema.ts). */
export const SignerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Letters, digits, - and _ only (at most 40)');

export const SIGNING_LINK_HEADER = 'x-signing-link';
export const SIGNING_TICKET_HEADER = 'x-signing-ticket';
/**
 * The signed-copy token emailed to every signer without an account once the project is sealed
 * (`#copy=` on their signing page): it opens only GET /sign/copy, for SIGNING_COPY_TTL_DAYS.
 */
export const SIGNING_COPY_HEADER = 'x-signing-copy';
export const SIGNING_COPY_TTL_DAYS = 30;

export const SignerRefSchema = z.strictObject({ projectId: IdSchema, signerId: SignerIdSchema });
export type SignerRef = z.infer<typeof SignerRefSchema>;
export const SignerParamsSchema = z.strictObject({ signerId: SignerIdSchema });
export const ProjectRefQuerySchema = z.strictObject({ projectId: IdSchema });

export const SignCodeBodySchema = z.strictObject({
  projectId: IdSchema,
  signerId: SignerIdSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Six digits'),
});

/** The signer as they see themselves (never the code state, link or ticket). */
export const SignerSelfSchema = z.object({
  signerId: z.string(),
  projectId: z.string(),
  name: z.string(),
  email: z.string(),
  role: SignerRoleSchema,
  onBehalfOf: z.string().optional(),
  group: z.number().int(),
  state: SignerStateSchema,
  /** The caller holds a valid ticket: the code was passed in this browser. */
  verified: z.boolean(),
  notifiedAt: IsoDateTimeSchema.optional(),
  codeVerifiedAt: IsoDateTimeSchema.optional(),
  viewedAt: IsoDateTimeSchema.optional(),
  consentAt: IsoDateTimeSchema.optional(),
  signedAt: IsoDateTimeSchema.optional(),
  declinedAt: IsoDateTimeSchema.optional(),
  declineReason: z.string().optional(),
});
export type SignerSelf = z.infer<typeof SignerSelfSchema>;

export const CodeSentSchema = z.object({
  /** The address the code went to, masked (a***@example.com): the caller may not hold the full one. */
  sentTo: z.string(),
  expiresAt: IsoDateTimeSchema,
  /** Wrong codes left on this link before it locks (across re-issued codes). */
  attemptsLeft: z.number().int().min(0),
});

export const CodeValidatedSchema = z.object({
  ticket: z.string(),
  ticketExpiresAt: IsoDateTimeSchema,
  signer: SignerSelfSchema,
});

/** The consent to sign electronically, in the request's language, and its version (stored with the consent). */
export const ConsentTextSchema = z.object({ version: z.string(), text: z.string() });

const ProjectHeadSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  status: SigningProjectStateSchema,
  expiresAt: IsoDateTimeSchema.optional(),
  /** The sender's name as the signer knows them. */
  sender: z.string(),
});

export const SignProjectSchema = z.object({
  project: ProjectHeadSchema,
  signer: SignerSelfSchema,
  consentText: ConsentTextSchema,
});
export type SignProject = z.infer<typeof SignProjectSchema>;

export const SignProjectStatusSchema = z.object({
  project: ProjectHeadSchema,
  signers: z.array(
    z.object({
      signerId: z.string(),
      name: z.string(),
      role: SignerRoleSchema,
      onBehalfOf: z.string().optional(),
      group: z.number().int(),
      state: SignerStateSchema,
      signedAt: IsoDateTimeSchema.optional(),
    }),
  ),
  /** The group whose turn it is; absent once nobody is left to sign. */
  currentGroup: z.number().int().optional(),
});
export type SignProjectStatus = z.infer<typeof SignProjectStatusSchema>;

/** A value as the signer sends it and reads it back. PNGs are base64 (no data: prefix). */
export const FieldValueInputSchema = z.discriminatedUnion('type', [
  z.strictObject({
    fieldId: z.string().min(1).max(40),
    type: z.literal('image'),
    // MAX_SIGNATURE_PNG_BYTES (200 KB) in base64; the bytes are checked to be a PNG on receipt.
    png: z
      .string()
      .min(1)
      .max(280_000)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Base64'),
  }),
  z.strictObject({ fieldId: z.string().min(1).max(40), type: z.literal('text'), text: safeText({ max: 500 }) }),
  z.strictObject({ fieldId: z.string().min(1).max(40), type: z.literal('checkbox'), checked: z.boolean() }),
  z.strictObject({ fieldId: z.string().min(1).max(40), type: z.literal('seal'), sealId: z.string().min(1).max(64) }),
]);
export type FieldValueInput = z.infer<typeof FieldValueInputSchema>;

export const SignerFieldSchema = z.object({
  fieldId: z.string(),
  kind: FieldKindSchema,
  pageIndex: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  required: z.boolean(),
  label: z.string().optional(),
  /** Whether this signer has filled it (after signing). */
  filled: z.boolean(),
});

export const SignDetailSchema = z.object({
  documents: z.array(
    z.object({
      documentId: z.string(),
      name: z.string(),
      order: z.number().int(),
      pages: z.array(PageSizeSchema),
      /** The fields this signer fills (others' fields are not theirs to see filled). */
      fields: z.array(SignerFieldSchema),
      /** A short-lived GET of the source PDF, for pdf.js. */
      sourceUrl: z.string(),
      sourceUrlExpiresAt: IsoDateTimeSchema,
      /**
       * Once the completed project is sealed: a short-lived GET of the sealed PDF, so a signer without an
       * account (no session for downloadSigningFile) can keep the signed document.
       */
      sealedUrl: z.string().optional(),
      sealedUrlExpiresAt: IsoDateTimeSchema.optional(),
    }),
  ),
});
export type SignDetail = z.infer<typeof SignDetailSchema>;

export const SignerActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('CONSENT') }),
  z.strictObject({
    action: z.literal('SIGN'),
    /** Consent given with the signature, when not given before. */
    consent: z.literal(true).optional(),
    values: z.array(FieldValueInputSchema).max(200),
  }),
  z.strictObject({ action: z.literal('DECLINE'), reason: safeText({ max: 1000, multiline: true }) }),
]);
export type SignerAction = z.infer<typeof SignerActionSchema>;

/**
 * GET /sign/copy: the sealed PDFs of a completed project, for a signer holding the emailed copy token
 * (no code, no session: the token is the proof, and it opens nothing else). Five-minute links.
 */
export const SignedCopySchema = z.object({
  project: z.object({ projectId: z.string(), name: z.string(), sender: z.string() }),
  signer: z.object({ signerId: z.string(), name: z.string() }),
  /** Until when the emailed link works. */
  availableUntil: IsoDateTimeSchema,
  documents: z.array(
    z.object({
      documentId: z.string(),
      name: z.string(),
      fileName: z.string(),
      sha256: z.string(),
      url: z.string(),
      expiresAt: IsoDateTimeSchema,
    }),
  ),
});
export type SignedCopy = z.infer<typeof SignedCopySchema>;
