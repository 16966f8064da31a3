import { IdSchema, IsoDateTimeSchema, LangSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import { UploadFormSchema } from '../files/files.schema.js';
import * as z from '../lazy-zod.js';
import { CONTRACT_TAG_KEYS, type ContractTagKey } from '../subscription/contract-tags.js';
import { EmailSchema } from '../user/user.schema.js';
import { SIGNER_STATES, SIGNING_PROJECT_STATES } from './signing-state.js';

/**
 * Signing projects as the manager prepares them and the API shows them (issue 12, docs/signing.md;
 * the contract between the server parts and the web: /tmp/briefs/signing-contract.md, kept in the
 * docs). Records live in one partition per project (functions/src/_lib/db/keys.ts pattern 39); the
 * lifecycles are signing-state.ts. Coordinates are PDF points from the top-left of a page's crop box,
 * as pdf.js reports a page at scale 1 (functions/src/signing/seal/fields.ts converts them).
 */

/** The limit of a source PDF, checked when the upload is registered, by S3's form, and by the check. */
export const MAX_SIGNING_PDF_BYTES = 25 * 1024 * 1024;
/** A company seal image: a small PNG is plenty for a stamp, and it is kept in the table. */
export const MAX_SEAL_PNG_BYTES = 100 * 1024;
/** A signer's drawn or uploaded signature (PNG), per field. */
export const MAX_SIGNATURE_PNG_BYTES = 200 * 1024;

export const FIELD_KINDS = ['SIGNATURE', 'INITIALS', 'SEAL', 'DATE', 'TEXT', 'CHECKBOX'] as const;
export type SigningFieldKind = (typeof FIELD_KINDS)[number];
/** Only these kinds may be filled from a contract tag: the others are a person's act. */
export const TAGGABLE_FIELD_KINDS = ['TEXT', 'DATE'] as const satisfies readonly SigningFieldKind[];

export const SIGNER_ROLES = ['LP', 'GP', 'WITNESS'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

export const SIGNING_PDF_STATUSES = ['UPLOADING', 'CHECKING', 'READY', 'REFUSED'] as const;
export type SigningPdfStatus = (typeof SIGNING_PDF_STATUSES)[number];

export const SigningProjectStateSchema = z.enum(SIGNING_PROJECT_STATES);
export const SignerStateSchema = z.enum(SIGNER_STATES);
export const SignerRoleSchema = z.enum(SIGNER_ROLES);
export const FieldKindSchema = z.enum(FIELD_KINDS);
export const ContractTagKeySchema = z.enum(CONTRACT_TAG_KEYS as [ContractTagKey, ...ContractTagKey[]]);

/** Ids the client makes for new fields and signers are ours too: short, URL- and key-safe. */
const ClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Letters, digits, - and _ only (at most 40)');
const Points = z.number().finite().min(0).max(14_400);

export const PageSizeSchema = z.object({
  width: z.number(),
  height: z.number(),
  /** The page's /Rotate (0, 90, 180, 270): fields are placed in unrotated page space. */
  rotation: z.number().int(),
});
export type PageSize = z.infer<typeof PageSizeSchema>;

/**
 * A field on a page: filled by its signer (`signerId`) or, for TEXT and DATE, from a contract tag
 * (`tag`) with the project's data when it is sent. Exactly one of the two.
 */
export const SigningFieldSchema = z
  .strictObject({
    fieldId: ClientIdSchema,
    kind: FieldKindSchema,
    pageIndex: z.number().int().min(0).max(9_999),
    x: Points,
    y: Points,
    width: Points.refine((v) => v > 0, 'Must be wider than 0'),
    height: Points.refine((v) => v > 0, 'Must be taller than 0'),
    signerId: ClientIdSchema.optional(),
    tag: ContractTagKeySchema.optional(),
    required: z.boolean().default(true),
    label: safeText({ max: 120 }).optional(),
  })
  .refine((f) => (f.signerId === undefined) !== (f.tag === undefined), {
    message: 'A field has a signer or a tag, not both',
    path: ['signerId'],
  })
  .refine((f) => f.tag === undefined || (TAGGABLE_FIELD_KINDS as readonly string[]).includes(f.kind), {
    message: 'Only TEXT and DATE fields take a tag',
    path: ['tag'],
  });
export type SigningField = z.infer<typeof SigningFieldSchema>;

/** What a signer put into a field (sig-signer writes it; the completion draws it). */
export type StoredFieldValue =
  | { type: 'image'; png: Uint8Array }
  | { type: 'text'; text: string }
  | { type: 'checkbox'; checked: boolean }
  | { type: 'seal'; sealId: string };

/** The sealed result of one document, recorded once (conditional write) by the completion worker. */
export const SealedDocumentSchema = z.object({
  /** The object key of the sealed PDF: includes its sha256, and the object is under Object Lock. */
  key: z.string(),
  sha256: z.string(),
  sourceSha256: z.string(),
  sealedAt: IsoDateTimeSchema,
  retainUntil: IsoDateTimeSchema,
  certificateFingerprint: z.string(),
});
export type SealedDocument = z.infer<typeof SealedDocumentSchema>;

export const SigningDocumentSchema = z.object({
  documentId: z.string(),
  projectId: z.string(),
  name: z.string(),
  fileId: z.string(),
  order: z.number().int(),
  sourceSha256: z.string(),
  pages: z.array(PageSizeSchema),
  fields: z.array(SigningFieldSchema),
  sealed: SealedDocumentSchema.optional(),
});
export type SigningDocument = z.infer<typeof SigningDocumentSchema>;

/** A signer as the manager and the API see it (the stored record less its code state). */
export const SignerViewSchema = z.object({
  signerId: z.string(),
  projectId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Absent: the signer has no account and reaches the project by an emailed link token. */
  userId: z.string().optional(),
  role: SignerRoleSchema,
  /** The entity signed for; absent when signing personally. */
  onBehalfOf: z.string().optional(),
  /** 1 signs first; equal numbers sign in parallel. */
  group: z.number().int().min(1),
  state: SignerStateSchema,
  version: z.number().int(),
  /** Five wrong codes: the link is spent until the sender resends. */
  codeLocked: z.boolean(),
  notifiedAt: IsoDateTimeSchema.optional(),
  codeVerifiedAt: IsoDateTimeSchema.optional(),
  viewedAt: IsoDateTimeSchema.optional(),
  consentAt: IsoDateTimeSchema.optional(),
  signedAt: IsoDateTimeSchema.optional(),
  declinedAt: IsoDateTimeSchema.optional(),
  declineReason: z.string().optional(),
});
export type SignerView = z.infer<typeof SignerViewSchema>;

export const SigningProjectSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  status: SigningProjectStateSchema,
  version: z.number().int(),
  language: LangSchema,
  createdAt: IsoDateTimeSchema,
  createdBy: z.string(),
  updatedAt: IsoDateTimeSchema,
  sentAt: IsoDateTimeSchema.optional(),
  completedAt: IsoDateTimeSchema.optional(),
  sealedAt: IsoDateTimeSchema.optional(),
  /** Set when sent: sentAt + expiresInDays. */
  expiresAt: IsoDateTimeSchema.optional(),
  expiresInDays: z.number().int(),
  reminderEveryDays: z.number().int(),
  voidReason: z.string().optional(),
  declineReason: z.string().optional(),
  /** The record the project was made for (a subscription's agreement), when made from a template. */
  refKind: z.string().optional(),
  refId: z.string().optional(),
  tagValues: z.record(z.string(), z.string()).optional(),
});
export type SigningProject = z.infer<typeof SigningProjectSchema>;

export const SigningProjectDetailSchema = z.object({
  project: SigningProjectSchema,
  documents: z.array(SigningDocumentSchema),
  signers: z.array(SignerViewSchema),
});
export type SigningProjectDetail = z.infer<typeof SigningProjectDetailSchema>;

// ---- Requests and answers of the manager's routes (shared/src/http/routes/signing.routes.ts)

export const ProjectIdQuerySchema = z.strictObject({ projectId: IdSchema });

export const CreateSigningProjectSchema = z.strictObject({
  name: safeText({ max: 200 }),
  language: LangSchema.optional(),
  expiresInDays: z.number().int().min(1).max(90).optional(),
  reminderEveryDays: z.number().int().min(1).max(30).optional(),
});
export type CreateSigningProject = z.infer<typeof CreateSigningProjectSchema>;

export const SignerInputSchema = z.strictObject({
  /** Kept when given (an existing signer), made by the client for a new one. */
  signerId: ClientIdSchema.optional(),
  name: safeText({ max: 200 }),
  email: EmailSchema,
  /** The signer's account in this tenant, when they have one: they sign from their session. */
  userId: IdSchema.optional(),
  role: SignerRoleSchema,
  onBehalfOf: safeText({ max: 200 }).optional(),
  group: z.number().int().min(1).max(20),
});
export type SignerInput = z.infer<typeof SignerInputSchema>;

export const UpdateSigningProjectSchema = z.strictObject({
  projectId: IdSchema,
  version: z.number().int().min(1),
  name: safeText({ max: 200 }).optional(),
  expiresInDays: z.number().int().min(1).max(90).optional(),
  reminderEveryDays: z.number().int().min(1).max(30).optional(),
  signers: z.array(SignerInputSchema).max(20).optional(),
});
export type UpdateSigningProject = z.infer<typeof UpdateSigningProjectSchema>;

export const UpdateSigningProjectFilesSchema = z.strictObject({
  projectId: IdSchema,
  version: z.number().int().min(1),
  documents: z
    .array(
      z.strictObject({
        documentId: ClientIdSchema.optional(),
        fileId: IdSchema,
        name: safeText({ max: 200 }),
      }),
    )
    .max(10),
});
export type UpdateSigningProjectFiles = z.infer<typeof UpdateSigningProjectFilesSchema>;

export const UpdateSigningProjectFileSchema = z.strictObject({
  projectId: IdSchema,
  version: z.number().int().min(1),
  documentId: ClientIdSchema,
  fields: z.array(SigningFieldSchema).max(200),
});
export type UpdateSigningProjectFile = z.infer<typeof UpdateSigningProjectFileSchema>;

export const StartSigningProjectSchema = z.strictObject({
  projectId: IdSchema,
  version: z.number().int().min(1),
  /** Values of the tags the documents' fields carry (a template's data). */
  tagValues: z.partialRecord(ContractTagKeySchema, safeText({ max: 500 })).optional(),
});
export type StartSigningProject = z.infer<typeof StartSigningProjectSchema>;

export const ResendSigningProjectSchema = z.strictObject({ projectId: IdSchema, signerId: ClientIdSchema });
export const VoidSigningProjectSchema = z.strictObject({
  projectId: IdSchema,
  reason: safeText({ max: 1000, multiline: true }),
});

export const SigningProjectListQuerySchema = PageQuerySchema.extend({
  status: SigningProjectStateSchema.optional(),
});
export type SigningProjectListQuery = z.infer<typeof SigningProjectListQuerySchema>;

export const SigningProjectSummarySchema = z.object({
  projectId: z.string(),
  name: z.string(),
  status: SigningProjectStateSchema,
  createdAt: IsoDateTimeSchema,
  sentAt: IsoDateTimeSchema.optional(),
  completedAt: IsoDateTimeSchema.optional(),
  /** Every document sealed: the download is ready. */
  sealed: z.boolean(),
  signers: z.number().int(),
  signed: z.number().int(),
});
export type SigningProjectSummary = z.infer<typeof SigningProjectSummarySchema>;
export const SigningProjectPageSchema = pageOf(SigningProjectSummarySchema);

export const DownloadSigningFileQuerySchema = z.strictObject({
  projectId: IdSchema,
  documentId: ClientIdSchema.optional(),
});
export const SigningFileLinkSchema = z.object({
  url: z.string(),
  expiresAt: IsoDateTimeSchema,
  fileName: z.string(),
  sha256: z.string(),
});
export type SigningFileLink = z.infer<typeof SigningFileLinkSchema>;

// ---- Source PDFs (/pdf-files, /pdffile/detail)

export const CreateSigningPdfUploadSchema = z.strictObject({
  name: safeText({ max: 200 }),
  /** Declared size in bytes: more than 25 MB is refused at once (and S3's form pins it). */
  size: z.number().int().min(1),
});
export type CreateSigningPdfUpload = z.infer<typeof CreateSigningPdfUploadSchema>;

export const SigningPdfSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  status: z.enum(SIGNING_PDF_STATUSES),
  sha256: z.string().optional(),
  pages: z.array(PageSizeSchema).optional(),
  /** A short-lived GET of the PDF (READY only), for pdf.js. */
  url: z.string().optional(),
  createdAt: IsoDateTimeSchema,
});
export type SigningPdf = z.infer<typeof SigningPdfSchema>;

export const CreatedSigningPdfUploadSchema = z.object({
  fileId: z.string(),
  status: z.literal('UPLOADING'),
  /** A presigned POST: send `fields` and then the file (named `file`) as multipart/form-data to `url`. */
  upload: UploadFormSchema,
});

export const FileIdQuerySchema = z.strictObject({ fileId: IdSchema });

// ---- Company seals (/seal/list)

export const AddCompanySealSchema = z.strictObject({
  name: safeText({ max: 100 }),
  /** The seal's PNG, base64; at most 100 KB decoded. */
  png: z.string().max(Math.ceil((MAX_SEAL_PNG_BYTES * 4) / 3) + 4),
});
export const CompanySealSchema = z.object({
  sealId: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: IsoDateTimeSchema,
  /** data:image/png;base64,... for showing it in the editor. */
  dataUrl: z.string(),
});
export type CompanySeal = z.infer<typeof CompanySealSchema>;
export const CompanySealListSchema = z.object({ items: z.array(CompanySealSchema) });

// ---- Templates (issue 12 deliver 3; docs/signing.md "Templates")

/**
 * A signer's place in a template: who signs (role, order, on behalf of) without the person, who is
 * named when a project is made from it. `signerId` is what the template's fields name.
 */
export const TemplateSignerSchema = z.strictObject({
  signerId: ClientIdSchema,
  /** What the place is called, e.g. "Investor" or "GP director": the project's signer is named when made. */
  label: safeText({ max: 200 }),
  role: SignerRoleSchema,
  onBehalfOf: safeText({ max: 200 }).optional(),
  group: z.number().int().min(1).max(20),
});
export type TemplateSigner = z.infer<typeof TemplateSignerSchema>;

export const SaveSigningTemplateSchema = z.strictObject({
  name: safeText({ max: 200 }),
  documents: z
    .array(
      z.strictObject({
        /** A READY source PDF of this tenant (POST /pdf-files, then GET /pdffile/detail). */
        fileId: IdSchema,
        name: safeText({ max: 200 }),
        fields: z.array(SigningFieldSchema).max(200),
      }),
    )
    .min(1)
    .max(10),
  signers: z.array(TemplateSignerSchema).min(1).max(20),
});
export type SaveSigningTemplate = z.infer<typeof SaveSigningTemplateSchema>;

export const SigningTemplateSchema = z.object({
  templateId: z.string(),
  name: z.string(),
  documents: z.array(
    z.object({
      fileId: z.string(),
      name: z.string(),
      pages: z.array(PageSizeSchema),
      fields: z.array(SigningFieldSchema),
    }),
  ),
  signers: z.array(TemplateSignerSchema),
  /** The contract tags its TEXT/DATE fields carry: values a project made from it must be given. */
  tags: z.array(ContractTagKeySchema),
  createdAt: IsoDateTimeSchema,
  createdBy: z.string(),
});
export type SigningTemplate = z.infer<typeof SigningTemplateSchema>;

export const SigningTemplateListSchema = z.object({ items: z.array(SigningTemplateSchema) });
export const TemplateIdBodySchema = z.strictObject({ templateId: IdSchema });

/** POST /template/project: a DRAFT project from a kept template, each place given its person. */
export const CreateProjectFromTemplateSchema = z.strictObject({
  templateId: IdSchema,
  name: safeText({ max: 200 }),
  language: LangSchema.optional(),
  expiresInDays: z.number().int().min(1).max(90).optional(),
  reminderEveryDays: z.number().int().min(1).max(30).optional(),
  signers: z
    .array(
      z.strictObject({
        signerId: ClientIdSchema,
        name: safeText({ max: 200 }),
        email: EmailSchema,
        userId: IdSchema.optional(),
        onBehalfOf: safeText({ max: 200 }).optional(),
      }),
    )
    .max(20),
  tagValues: z.partialRecord(ContractTagKeySchema, safeText({ max: 500 })).optional(),
});
export type CreateProjectFromTemplateInput = z.infer<typeof CreateProjectFromTemplateSchema>;
