import {
  DEFAULT_SEALED_RETENTION_YEARS,
  retainUntilOf,
  sealedRetentionYearsOf,
} from '@tranche/shared/signing/retention';
import type { SealedDocument, SigningField } from '@tranche/shared/signing/signing.schema';
import type { Actor } from '#lib/audit';
import { copyObject, deleteObjects, putLockedObject, readObject } from '#lib/aws/s3';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { pdfMoveStep } from './pdf-files.service.js';
import {
  type DocumentItem,
  findPdf,
  findProject,
  findSeal,
  type ProjectBundle,
  type ValueItem,
} from './projects.repo.js';
import type { SignerAudit } from './seal/audit-certificate.js';
import { tenantSealingCertificate } from './seal/certificate-store.js';
import { completeDocument } from './seal/complete.js';
import type { FieldValue, FilledField } from './seal/fields.js';
import { describeSourcePdf } from './seal/source-pdf.js';
import { signingObjectKeys } from './signing-object-keys.js';

/**
 * What the signing worker does (functions/src/signing/signing-worker.ts, its own Lambda: pdf-lib,
 * node-forge and @signpdf are ~850 KB, far over an API handler's budget):
 * - `checkUploadedPdf`: a source PDF that arrived is checked (the same refusals as at completion) and
 *   described (page sizes, sha256); a readable one is copied to its kept key, the upload deleted.
 * - `sealProject`: a COMPLETED project's documents are filled, flattened, given their audit page and
 *   sealed with the tenant's certificate, stored under Object Lock, and recorded once each.
 * Both are idempotent: a redelivered event finds the work recorded and does nothing.
 */

/** Kept from this module's callers' point of view: the rule itself lives in shared/src/signing/retention.ts. */
export { DEFAULT_SEALED_RETENTION_YEARS as DEFAULT_RETENTION_YEARS, retainUntilOf };

const PDF_REFUSALS = new Set(['signingPdfTooLarge', 'signingPdfEncrypted', 'signingPdfMalformed']);

export const checkUploadedPdf = async (actor: Actor, fileId: string): Promise<void> => {
  const pdf = await findPdf(actor.tenantId, fileId);
  if (pdf?.status !== 'CHECKING') return;
  const upload = signingObjectKeys.upload(actor.tenantId, fileId);
  const bytes = await readObject(upload);
  let outcome:
    | { ok: true; sha256: string; pages: { width: number; height: number; rotation: number }[] }
    | { ok: false; code: 'signingPdfTooLarge' | 'signingPdfEncrypted' | 'signingPdfMalformed' };
  try {
    const facts = await describeSourcePdf(bytes);
    outcome = { ok: true, sha256: facts.sha256, pages: facts.pages };
  } catch (error) {
    if (!(error instanceof DomainError) || !PDF_REFUSALS.has(error.code)) throw error;
    outcome = { ok: false, code: error.code as 'signingPdfEncrypted' };
  }
  // Copied before it is recorded READY: nothing points at the kept key until the commit says so.
  if (outcome.ok) {
    await copyObject(upload, signingObjectKeys.source(actor.tenantId, fileId), { contentType: 'application/pdf' });
  }
  await commit(actor, {
    steps: [
      pdfMoveStep(
        actor.tenantId,
        pdf,
        actor.at,
        outcome.ok
          ? { status: 'READY', sha256: outcome.sha256, pages: outcome.pages, size: bytes.byteLength }
          : { status: 'REFUSED', refusal: outcome.code },
      ),
    ],
    events: [
      event(
        'SIGNING_PDF_CHECKED',
        fileId,
        outcome.ok
          ? { fileId, status: 'READY', sha256: outcome.sha256, pages: outcome.pages.length }
          : { fileId, status: 'REFUSED', code: outcome.code },
      ),
    ],
    result: undefined,
  });
  await deleteObjects([upload]);
};

/** A stored value as the core draws it; a SEAL value becomes the chosen company seal's PNG. */
const fieldValueOf = async (tenantId: string, value: ValueItem['value']): Promise<FieldValue> => {
  if (value.type !== 'seal') return value;
  const seal = await findSeal(tenantId, value.sealId);
  if (!seal) throw new Error(`Company seal ${value.sealId} is gone`);
  return { type: 'image', png: seal.png };
};

/** Every field of the document with its value: the signers' own, and the tags' data fixed at send. */
const filledFields = async (bundle: ProjectBundle, doc: DocumentItem, tenantId: string): Promise<FilledField[]> => {
  const byField = new Map(bundle.values.map((v) => [`${v.signerId}#${v.fieldId}`, v.value]));
  const filled: FilledField[] = [];
  for (const field of doc.fields as SigningField[]) {
    const placed = {
      fieldId: field.fieldId,
      kind: field.kind,
      pageIndex: field.pageIndex,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
    };
    if (field.tag) {
      const text = bundle.project.tagValues?.[field.tag];
      if (text) filled.push({ ...placed, value: { type: 'text', text } });
      continue;
    }
    const value = byField.get(`${field.signerId}#${field.fieldId}`);
    // An optional field left empty is simply not drawn; a required one was refused at signing.
    if (value) filled.push({ ...placed, value: await fieldValueOf(tenantId, value) });
  }
  return filled;
};

/** The audit facts of the signers, in signing order. */
const signerAudits = (bundle: ProjectBundle): SignerAudit[] =>
  bundle.signers
    .filter((s) => s.state === 'SIGNED')
    .sort((a, b) => (a.signedAt ?? '').localeCompare(b.signedAt ?? ''))
    .map((s) => ({
      name: s.name,
      email: s.email,
      role: s.role,
      ...(s.onBehalfOf ? { onBehalfOf: s.onBehalfOf } : {}),
      ip: s.ip ?? s.consentIp ?? 'unknown',
      userAgent: s.userAgent ?? s.consentUserAgent ?? 'unknown',
      codeVerifiedAt: s.codeVerifiedAt ?? '',
      viewedAt: s.viewedAt ?? '',
      signedAt: s.signedAt ?? '',
    }));

/**
 * The tenant's display name, as its certificate's subject and the audit page name it. Read directly
 * rather than through the tenant repository, whose configuration schemas this worker has no use for.
 */
const tenantNameOf = async (tenantId: string): Promise<string> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.tenant(tenantId), ProjectionExpression: 'branding' }),
  );
  const name = (Item?.branding as { displayName?: unknown } | undefined)?.displayName;
  if (typeof name !== 'string' || !name) throw new Error(`Tenant ${tenantId} has no display name`);
  return name;
};

/**
 * The tenant's retention for sealed files, in years (its GP settings' `sealedRetentionYears`; the
 * default when unset). Read directly, like the name above, and consistently: a setting saved just
 * before the last signature applies.
 */
const retentionYearsOf = async (tenantId: string): Promise<number> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.gpSettings(tenantId),
      ProjectionExpression: 'settings',
      ConsistentRead: true,
    }),
  );
  return sealedRetentionYearsOf(Item?.settings);
};

const isPreconditionFailed = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'PreconditionFailed' || e?.$metadata?.httpStatusCode === 412;
};

/**
 * Seals every document of a COMPLETED project not sealed yet, then marks the project sealed. A document
 * is recorded once (conditional on no `sealed` yet); the object's key holds its SHA-256, so the same
 * bytes land on the same key and a second run that made other bytes (a renewed certificate) writes a
 * new key and loses the table race: the stored record never changes.
 */
export const sealProject = async (actor: Actor, projectId: string): Promise<void> => {
  const bundle = await findProject(actor.tenantId, projectId);
  if (bundle?.project.status !== 'COMPLETED' || bundle.project.sealedAt) return;
  const tenantName = await tenantNameOf(actor.tenantId);
  const certificate = await tenantSealingCertificate(actor, tenantName);
  const completedAt = bundle.project.completedAt ?? actor.at;
  const retentionYears = await retentionYearsOf(actor.tenantId);
  const retainUntil = retainUntilOf(completedAt, retentionYears);
  const signers = signerAudits(bundle);
  const sealed: { documentId: string; sha256: string; sourceSha256: string }[] = [];
  for (const doc of bundle.documents) {
    if (doc.sealed) {
      sealed.push({ documentId: doc.documentId, sha256: doc.sealed.sha256, sourceSha256: doc.sealed.sourceSha256 });
      continue;
    }
    const source = await readObject(signingObjectKeys.source(actor.tenantId, doc.fileId));
    const done = await completeDocument({
      source,
      documentName: doc.name,
      projectId,
      tenantName,
      fields: await filledFields(bundle, doc, actor.tenantId),
      signers,
      completedAt: new Date(completedAt),
      certificate,
    });
    const key = signingObjectKeys.sealed(actor.tenantId, projectId, doc.documentId, done.sha256);
    try {
      await putLockedObject(key, done.bytes, { contentType: 'application/pdf', retainUntil });
    } catch (error) {
      // The key is the content's hash: an object already there holds these very bytes.
      if (!isPreconditionFailed(error)) throw error;
    }
    const record: SealedDocument = {
      key,
      sha256: done.sha256,
      sourceSha256: done.sourceSha256,
      sealedAt: actor.at,
      retainUntil,
      certificateFingerprint: certificate.fingerprint,
    };
    const won = await commit(actor, {
      steps: [
        {
          item: {
            Update: {
              TableName: tableName(),
              Key: keys.signingDocument(actor.tenantId, projectId, doc.documentId),
              UpdateExpression: 'SET sealed = :sealed',
              ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(sealed)',
              ExpressionAttributeValues: { ':sealed': record },
            },
          },
          refusal: () => new DomainError('VERSION_CONFLICT', { reason: 'already sealed' }),
        },
      ],
      events: [
        event('SIGNING_DOCUMENT_SEALED', projectId, {
          projectId,
          documentId: doc.documentId,
          sha256: done.sha256,
          sourceSha256: done.sourceSha256,
          retainUntil,
          certificateFingerprint: certificate.fingerprint,
        }),
      ],
      result: true,
    }).catch(async (error) => {
      if (!(error instanceof DomainError) || error.code !== 'VERSION_CONFLICT') throw error;
      return false;
    });
    if (won) sealed.push({ documentId: doc.documentId, sha256: done.sha256, sourceSha256: done.sourceSha256 });
    else {
      // Another run recorded this document first: its record stands (ours, if other bytes, is an orphan under lock).
      const again = await findProject(actor.tenantId, projectId);
      const stored = again?.documents.find((d) => d.documentId === doc.documentId)?.sealed;
      if (!stored) throw new Error(`Document ${doc.documentId} lost the sealing race without a record`);
      logger.info('signing: document sealed by a concurrent run', { projectId, documentId: doc.documentId });
      sealed.push({ documentId: doc.documentId, sha256: stored.sha256, sourceSha256: stored.sourceSha256 });
    }
  }
  await commit(actor, {
    steps: [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.signingProject(actor.tenantId, projectId),
            UpdateExpression: 'SET sealedAt = :at',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(sealedAt)',
            ExpressionAttributeValues: { ':at': actor.at },
          },
        },
        refusal: () => new DomainError('VERSION_CONFLICT', { reason: 'already marked sealed' }),
      },
    ],
    events: [
      event('SIGNING_PROJECT_SEALED', projectId, {
        refId: projectId,
        projectId,
        project: bundle.project.name.slice(0, 300),
        userIds: [bundle.project.createdBy],
        documents: sealed,
      }),
    ],
    result: undefined,
  }).catch((error) => {
    // A concurrent run marked it first: the same documents, recorded once.
    if (!(error instanceof DomainError) || error.code !== 'VERSION_CONFLICT') throw error;
  });
};
