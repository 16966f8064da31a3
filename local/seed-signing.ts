import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@tranche/shared/auth/roles';
import { ENV } from '@tranche/shared/infra/table';
import type { SigningField } from '@tranche/shared/signing/signing.schema';
import { keys } from '../functions/src/_lib/db/keys.js';
import { newId } from '../functions/src/_lib/ids.js';
import { sealProject } from '../functions/src/signing/completion.js';
import { agreementPdf, signaturePng } from '../functions/src/signing/seal/fixtures.js';
import { sha256Hex } from '../functions/src/signing/seal/source-pdf.js';
import { signingObjectKeys } from '../functions/src/signing/signing-object-keys.js';

/**
 * Issue 12 deliver 8: each demo tenant has one COMPLETED signing project, an investor's subscription
 * agreement signed by the investor and countersigned by the GP owner, sealed by the same completion
 * code the signing worker runs (functions/src/signing/completion.ts `sealProject`), so a newcomer can
 * download a sealed PDF at once (Signing in the console, or the investor's download). The project's
 * records are written as the signer side leaves them after the last signature; only the sealing is
 * done here, by the real code, with the tenant's real (locally generated) certificate.
 */

const PAGE_WIDTH = 595.28;

export interface SeedSigningInput {
  tenantId: string;
  displayName: string;
  users: { userId: string; email: string; displayName: string; role: Role }[];
}

const batch = async (doc: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]) => {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({
        RequestItems: { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
};

export const seedSigningProject = async (
  doc: DynamoDBDocumentClient,
  tableName: string,
  tenant: SeedSigningInput,
): Promise<{ projectId: string; fileId: string } | undefined> => {
  const lp = tenant.users.find((u) => u.role === 'LP');
  const owner = tenant.users.find((u) => u.role === 'GP_OWNER');
  if (!lp || !owner) return undefined;
  const { tenantId } = tenant;
  const projectId = newId();
  const fileId = newId();
  const source = await agreementPdf(2);
  const s3 = new S3Client({
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await s3.send(
    new PutObjectCommand({
      Bucket: process.env[ENV.dataRoomBucket],
      Key: signingObjectKeys.source(tenantId, fileId),
      Body: source,
      ContentType: 'application/pdf',
    }),
  );
  // Two days ago the investor signed, yesterday the owner countersigned.
  const day = 86_400_000;
  const now = Date.now();
  const sentAt = new Date(now - 3 * day).toISOString();
  const lpSignedAt = new Date(now - 2 * day).toISOString();
  const completedAt = new Date(now - day).toISOString();
  const pages = [
    { width: PAGE_WIDTH, height: 841.89, rotation: 0 },
    { width: PAGE_WIDTH, height: 841.89, rotation: 0 },
  ];
  const fields: SigningField[] = [
    {
      fieldId: 'amount',
      kind: 'TEXT',
      pageIndex: 0,
      x: 60,
      y: 90,
      width: 220,
      height: 18,
      tag: 'SUBSCRIPTION_AMOUNT',
      required: true,
    },
    {
      fieldId: 'lp-sign',
      kind: 'SIGNATURE',
      pageIndex: 1,
      x: 60,
      y: 720,
      width: 180,
      height: 60,
      signerId: 'investor',
      required: true,
    },
    {
      fieldId: 'lp-date',
      kind: 'DATE',
      pageIndex: 1,
      x: 60,
      y: 785,
      width: 120,
      height: 18,
      signerId: 'investor',
      required: true,
    },
    {
      fieldId: 'gp-sign',
      kind: 'SIGNATURE',
      pageIndex: 1,
      x: 330,
      y: 720,
      width: 180,
      height: 60,
      signerId: 'countersigner',
      required: true,
    },
    {
      fieldId: 'gp-date',
      kind: 'DATE',
      pageIndex: 1,
      x: 330,
      y: 785,
      width: 120,
      height: 18,
      signerId: 'countersigner',
      required: true,
    },
  ];
  const signer = (signerId: string, user: typeof lp, role: 'LP' | 'GP', signedAt: string, extra = {}) => ({
    ...keys.signer(tenantId, projectId, signerId),
    ...keys.signerOfUser(tenantId, user.userId, sentAt, projectId, signerId),
    type: 'SIGNER',
    signerId,
    projectId,
    name: user.displayName,
    email: user.email,
    userId: user.userId,
    role,
    group: role === 'LP' ? 1 : 2,
    state: 'SIGNED',
    version: 4,
    createdAt: sentAt,
    notifiedAt: role === 'LP' ? sentAt : lpSignedAt,
    codeVerifiedAt: signedAt,
    viewedAt: signedAt,
    consentAt: signedAt,
    signedAt,
    ip: '203.0.113.10',
    userAgent: 'Mozilla/5.0 (demo seed)',
    ...extra,
  });
  const png = signaturePng();
  const value = (signerId: string, fieldId: string, v: Record<string, unknown>) => ({
    ...keys.signingValue(tenantId, projectId, signerId, fieldId),
    type: 'SIGNING_VALUE',
    signerId,
    fieldId,
    value: v,
  });
  await batch(doc, tableName, [
    {
      ...keys.signingPdf(tenantId, fileId),
      type: 'SIGNING_PDF',
      fileId,
      name: 'Subscription agreement.pdf',
      size: source.byteLength,
      status: 'READY',
      sha256: sha256Hex(source),
      pages,
      version: 3,
      createdAt: sentAt,
      createdBy: owner.userId,
      updatedAt: sentAt,
    },
    {
      ...keys.signingProject(tenantId, projectId),
      ...keys.signingProjectsIndex(tenantId, sentAt, projectId),
      type: 'SIGNING_PROJECT',
      projectId,
      name: `Subscription agreement — ${lp.displayName}`,
      status: 'COMPLETED',
      version: 6,
      language: 'en',
      createdAt: sentAt,
      createdBy: owner.userId,
      updatedAt: completedAt,
      sentAt,
      completedAt,
      expiresAt: new Date(now + 27 * day).toISOString(),
      expiresInDays: 30,
      reminderEveryDays: 3,
      tagValues: { SUBSCRIPTION_AMOUNT: 'USD 250,000.00' },
      signerCount: 2,
      signedCount: 2,
    },
    {
      ...keys.signingDocument(tenantId, projectId, 'agreement'),
      type: 'SIGNING_DOCUMENT',
      documentId: 'agreement',
      projectId,
      name: 'Subscription agreement.pdf',
      fileId,
      order: 0,
      sourceSha256: sha256Hex(source),
      pages,
      fields,
    },
    signer('investor', lp, 'LP', lpSignedAt),
    signer('countersigner', owner, 'GP', completedAt, { onBehalfOf: tenant.displayName }),
    value('investor', 'lp-sign', { type: 'image', png }),
    value('investor', 'lp-date', { type: 'text', text: lpSignedAt.slice(0, 10) }),
    value('countersigner', 'gp-sign', { type: 'image', png }),
    value('countersigner', 'gp-date', { type: 'text', text: completedAt.slice(0, 10) }),
  ]);
  await sealProject(
    { tenantId, userId: 'SYSTEM', requestId: `seed-${projectId}`, at: new Date().toISOString() },
    projectId,
  );
  return { projectId, fileId };
};
