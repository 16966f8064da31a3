import { IdSchema, IsoDateTimeSchema, safeText } from '../common.schema.js';
import type { ErrorCode } from '../errors/catalogue.js';
import * as z from '../lazy-zod.js';
import {
  DocumentCategorySchema,
  IdDocumentTypeSchema,
  type Labels,
  REQUIREMENT_KIND_LABELS,
  type RequirementKind,
} from '../profile/profile-enums.js';

/**
 * Uploaded files (issue 11, docs/profiles.md "Documents"): an investor's identity and proof
 * documents go to S3 by a presigned POST, are sniffed (magic bytes) and scanned for malware, and
 * only a CLEAN file can be attached to a profile or downloaded. The file's name is the server's
 * (a ULID and the extension of its declared type): what the investor called it is kept as
 * `originalName` and used only in the download's Content-Disposition.
 */

/** The types a profile document may have: what phones and scanners produce for ID and proof papers. */
export const PROFILE_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export type ProfileDocumentContentType = (typeof PROFILE_DOCUMENT_CONTENT_TYPES)[number];

/** The extension a server-generated file name carries for each type. */
export const EXTENSION_OF: Record<ProfileDocumentContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
};

/** What an upload is for: each purpose has its own types and size limit. */
export const FILE_PURPOSES = ['PROFILE_DOCUMENT'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export const FILE_LIMITS: Record<
  FilePurpose,
  { maxBytes: number; contentTypes: readonly ProfileDocumentContentType[] }
> = {
  // 20 MB: a multi-page scanned PDF or a full-resolution phone photo fits; anything larger is
  // almost always a video or an unreduced scan, and a KYC reviewer cannot use it either.
  PROFILE_DOCUMENT: { maxBytes: 20 * 1024 * 1024, contentTypes: PROFILE_DOCUMENT_CONTENT_TYPES },
};

/**
 * UPLOADING until the object is there and inspected; PENDING_SCAN once its bytes are what its type
 * says, waiting for the malware verdict; CLEAN (readable) or REFUSED (never served, with a reason).
 */
export const FILE_STATUSES = ['UPLOADING', 'PENDING_SCAN', 'CLEAN', 'REFUSED'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Why a file was refused; each reason is a catalogued code the investor reads. */
export const FILE_REFUSAL_REASONS = ['TOO_LARGE', 'SIZE_MISMATCH', 'TYPE_MISMATCH', 'INFECTED', 'SCAN_FAILED'] as const;
export type FileRefusalReason = (typeof FILE_REFUSAL_REASONS)[number];
export const REFUSAL_CODE: Record<FileRefusalReason, ErrorCode> = {
  TOO_LARGE: 'fileTooLarge',
  SIZE_MISMATCH: 'fileSizeMismatch',
  TYPE_MISMATCH: 'fileTypeMismatch',
  INFECTED: 'fileInfected',
  SCAN_FAILED: 'fileScanFailed',
};

/** A server-generated file name: a ULID and the extension of the declared type. */
export const FileNameSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}\.(pdf|jpg|png|heic)$/, 'Must be a file name');
export const FileNameParamsSchema = z.strictObject({ fileName: FileNameSchema });

/** The name as the investor's device called it: text rule (no bidi overrides), no path separators. */
const OriginalNameSchema = safeText({ max: 200 }).refine((name) => !/[/\\]/.test(name), 'Must not contain slashes');

export const CreateFileUploadSchema = z
  .strictObject({
    purpose: z.enum(FILE_PURPOSES),
    originalName: OriginalNameSchema,
    contentType: z.enum(PROFILE_DOCUMENT_CONTENT_TYPES),
    size: z.number().int().min(1),
  })
  .superRefine((input, ctx) => {
    const limits = FILE_LIMITS[input.purpose];
    if (input.size > limits.maxBytes) {
      ctx.addIssue({ code: 'custom', path: ['size'], message: `Must be at most ${limits.maxBytes} bytes` });
    }
    if (!limits.contentTypes.includes(input.contentType)) {
      ctx.addIssue({ code: 'custom', path: ['contentType'], message: 'Not accepted for this purpose' });
    }
  });
export type CreateFileUpload = z.infer<typeof CreateFileUploadSchema>;

/**
 * A presigned POST: send a multipart/form-data POST to `url` with every field of `fields` (in this
 * order) and the file last, as `file`, before `expiresAt`. The policy pins the key, the exact
 * content type and the size range, so S3 refuses any other.
 */
export const UploadFormSchema = z.object({
  method: z.literal('POST'),
  url: z.string(),
  fields: z.array(z.tuple([z.string(), z.string()])),
  expiresAt: IsoDateTimeSchema,
});

export const UploadedFileSchema = z.object({
  fileName: FileNameSchema,
  purpose: z.enum(FILE_PURPOSES),
  originalName: z.string(),
  contentType: z.enum(PROFILE_DOCUMENT_CONTENT_TYPES),
  size: z.number().int(),
  status: z.enum(FILE_STATUSES),
  /** Set when REFUSED; `code` is the catalogued error the investor is shown. */
  reason: z.enum(FILE_REFUSAL_REASONS).optional(),
  code: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

export const CreatedFileUploadSchema = z.object({ file: UploadedFileSchema, upload: UploadFormSchema });

// ---- Profile documents

/** The requirement kinds that are documents (profile-enums' other kinds are form fields). */
export const PROFILE_DOCUMENT_KINDS = [
  'PROOF_OF_IDENTITY',
  'PROOF_OF_ADDRESS',
  'ENTITY_CERTIFIED_SUPPORT',
  'INVESTOR_BANK_SUPPORT',
  'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY',
  'ADDITIONAL_DOCUMENTS',
] as const satisfies readonly RequirementKind[];
export type ProfileDocumentKind = (typeof PROFILE_DOCUMENT_KINDS)[number];
export const PROFILE_DOCUMENT_KIND_LABELS = Object.fromEntries(
  PROFILE_DOCUMENT_KINDS.map((k) => [k, REQUIREMENT_KIND_LABELS[k]]),
) as Record<ProfileDocumentKind, Labels>;

export const ProfileIdParamsSchema = z.strictObject({ profileId: IdSchema });
export const ProfileDocumentParamsSchema = z.strictObject({ profileId: IdSchema, documentId: IdSchema });

export const AddProfileDocumentSchema = z
  .strictObject({
    fileName: FileNameSchema,
    kind: z.enum(PROFILE_DOCUMENT_KINDS),
    /** IDENTITY with the ID document's type, for proof of identity (spec §3). */
    category: DocumentCategorySchema.optional(),
    idDocumentType: IdDocumentTypeSchema.optional(),
    /** The entity member the document is about (a director's passport); none for the profile itself. */
    memberId: IdSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'PROOF_OF_IDENTITY' && !input.idDocumentType) {
      ctx.addIssue({ code: 'custom', path: ['idDocumentType'], message: 'Required for a proof of identity' });
    }
    if (input.kind !== 'PROOF_OF_IDENTITY' && (input.idDocumentType || input.category)) {
      ctx.addIssue({
        code: 'custom',
        path: [input.idDocumentType ? 'idDocumentType' : 'category'],
        message: 'Only for a proof of identity',
      });
    }
  });
export type AddProfileDocument = z.infer<typeof AddProfileDocumentSchema>;

export const ProfileDocumentSchema = z.object({
  documentId: IdSchema,
  profileId: IdSchema,
  fileName: FileNameSchema,
  kind: z.enum(PROFILE_DOCUMENT_KINDS),
  category: DocumentCategorySchema.optional(),
  idDocumentType: IdDocumentTypeSchema.optional(),
  memberId: IdSchema.optional(),
  originalName: z.string(),
  contentType: z.enum(PROFILE_DOCUMENT_CONTENT_TYPES),
  size: z.number().int(),
  addedAt: IsoDateTimeSchema,
  addedBy: z.string(),
});
export type ProfileDocument = z.infer<typeof ProfileDocumentSchema>;

/** The spec's add-document answer: its result key and message, and the document on SUCCESS. */
export const AddedProfileDocumentSchema = z.object({
  result: z.literal('SUCCESS'),
  message: z.literal('Success'),
  document: ProfileDocumentSchema,
});

export const ProfileDocumentListSchema = z.object({ items: z.array(ProfileDocumentSchema) });
export const ProfileDocumentWithLinkSchema = z.object({
  document: ProfileDocumentSchema,
  download: z.object({ url: z.string(), expiresAt: IsoDateTimeSchema }),
});

export const TenantIdParamsSchema = z.strictObject({ tenantId: IdSchema });
export const TenantProfileDocumentsQuerySchema = z.strictObject({ profileId: IdSchema });
