import type {
  PageSize,
  SignerRole,
  SignerView,
  SigningDocument,
  SigningPdfStatus,
  SigningProject,
  SigningProjectDetail,
  SigningProjectListQuery,
  SigningProjectSummary,
} from '@tranche/shared/signing/signing.schema';
import type { SignerState } from '@tranche/shared/signing/signing-state';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { isLocked, type SigningCodeState } from './signing-code.js';

/**
 * Storage of signing projects (keys.ts pattern 40): one partition per project holds the project
 * (#META, with its status and version), its documents (DOC#, each with its fields and, once sealed,
 * the sealed file's key and hashes), its signers (SIGNER#, with their state, version and code state)
 * and what the signers put in their fields (VALUE#). One strongly consistent Query reads it all, so a
 * decision sees every signer's state at once (the turn order and the last signature depend on it).
 * The source PDFs (pattern 41) and company seals (pattern 42) have their own items.
 */

export type ProjectItem = SigningProject;
export type DocumentItem = SigningDocument;

export interface SignerItem {
  signerId: string;
  projectId: string;
  name: string;
  email: string;
  userId?: string;
  role: SignerRole;
  onBehalfOf?: string;
  group: number;
  state: SignerState;
  version: number;
  createdAt: string;
  /** The one-time code's state (signing-code.ts); written by the signer side, reset by the sender's resend. */
  code?: SigningCodeState;
  notifiedAt?: string;
  codeVerifiedAt?: string;
  viewedAt?: string;
  consentAt?: string;
  consentIp?: string;
  consentUserAgent?: string;
  signedAt?: string;
  ip?: string;
  userAgent?: string;
  declinedAt?: string;
  declineReason?: string;
}

/** What a signer put in one field (VALUE# items, written by the signer side in its sign commit). */
export interface ValueItem {
  signerId: string;
  fieldId: string;
  value:
    | { type: 'image'; png: Uint8Array }
    | { type: 'text'; text: string }
    | { type: 'checkbox'; checked: boolean }
    | { type: 'seal'; sealId: string };
}

export interface ProjectBundle {
  project: ProjectItem;
  documents: DocumentItem[];
  signers: SignerItem[];
  values: ValueItem[];
}

export interface PdfItem {
  fileId: string;
  name: string;
  size: number;
  status: SigningPdfStatus;
  /** A REFUSED file's catalogued code (signingPdfTooLarge, signingPdfEncrypted, signingPdfMalformed). */
  refusal?: 'signingPdfTooLarge' | 'signingPdfEncrypted' | 'signingPdfMalformed';
  sha256?: string;
  pages?: PageSize[];
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
}

export interface SealItem {
  sealId: string;
  name: string;
  png: Uint8Array;
  width: number;
  height: number;
  createdAt: string;
  createdBy: string;
}

/** Strips the table's own attributes off an item. */
const bare = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, type: _t, ...rest } = item;
  return rest as T;
};

/** The whole project, or undefined: another tenant's id reads another partition, so it is simply absent. */
export const findProject = async (tenantId: string, projectId: string): Promise<ProjectBundle | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.signingProjectPk(tenantId, projectId) },
    ConsistentRead: true,
  });
  // The audit events (EVT#) share the partition; the parts are told apart by their prefixes below.
  const meta = items.find((i) => i.SK === '#META');
  if (!meta) return undefined;
  const of = (prefix: string) => items.filter((i) => String(i.SK).startsWith(prefix));
  return {
    project: bare<ProjectItem>(meta),
    documents: of(keys.signingDocumentPrefix)
      .map((i) => bare<DocumentItem>(i))
      .sort((a, b) => a.order - b.order),
    signers: of(keys.signerPrefix)
      .map((i) => bare<SignerItem>(i))
      .sort((a, b) => a.group - b.group || a.createdAt.localeCompare(b.createdAt)),
    values: of(keys.signingValuePrefix).map((i) => {
      const v = bare<ValueItem>(i);
      // The document client reads a Binary as a Uint8Array already; keep the type exact for pdf-lib.
      if (v.value.type === 'image') v.value = { type: 'image', png: new Uint8Array(v.value.png) };
      return v;
    }),
  };
};

/** The project or 404 signingProjectNotFound (unknown, or another tenant's). */
export const readProject = async (tenantId: string, projectId: string): Promise<ProjectBundle> => {
  const bundle = await findProject(tenantId, projectId);
  if (!bundle) throw new DomainError('signingProjectNotFound');
  return bundle;
};

export const toSignerView = (s: SignerItem): SignerView => {
  const { code, consentIp: _ip, consentUserAgent: _ua, ip: _sip, userAgent: _sua, createdAt: _c, ...rest } = s;
  return { ...rest, codeLocked: code ? isLocked(code) : false };
};

export const toDetail = (bundle: ProjectBundle): SigningProjectDetail => ({
  project: bundle.project,
  documents: bundle.documents,
  signers: bundle.signers.map(toSignerView),
});

const LIST_CURSOR_KEYS = ['PK', 'SK', 'GSI2PK', 'GSI2SK'] as const;

/**
 * The manager's projects, newest first (pattern 40a). The signer counts are on the #META item
 * (`signerCount`, `signedCount`, kept by every commit that changes them), so one Query answers.
 */
export const listProjects = async (
  tenantId: string,
  query: SigningProjectListQuery,
): Promise<{ items: SigningProjectSummary[]; nextCursor?: string }> => {
  const pk = keys.signingProjectsIndexPk(tenantId);
  const startKey = await decodeCursor(query.cursor, 'GSI2PK', pk, LIST_CURSOR_KEYS);
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ...(query.status
        ? {
            FilterExpression: '#status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pk': pk, ':status': query.status },
          }
        : { ExpressionAttributeValues: { ':pk': pk } }),
      ScanIndexForward: false,
      Limit: query.limit ?? 25,
      ExclusiveStartKey: startKey,
    }),
  );
  const nextCursor = await encodeCursor(
    out.LastEvaluatedKey
      ? Object.fromEntries(LIST_CURSOR_KEYS.map((k) => [k, (out.LastEvaluatedKey as Record<string, unknown>)[k]]))
      : undefined,
  );
  const items = (out.Items ?? []).map((item) => {
    const p = bare<ProjectItem & { signerCount?: number; signedCount?: number; sealedAt?: string }>(item);
    return {
      projectId: p.projectId,
      name: p.name,
      status: p.status,
      createdAt: p.createdAt,
      ...(p.sentAt ? { sentAt: p.sentAt } : {}),
      ...(p.completedAt ? { completedAt: p.completedAt } : {}),
      sealed: p.sealedAt !== undefined,
      signers: p.signerCount ?? 0,
      signed: p.signedCount ?? 0,
    };
  });
  return nextCursor ? { items, nextCursor } : { items };
};

export const findPdf = async (tenantId: string, fileId: string): Promise<PdfItem | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.signingPdf(tenantId, fileId), ConsistentRead: true }),
  );
  return Item ? bare<PdfItem>(Item) : undefined;
};

export const readPdf = async (tenantId: string, fileId: string): Promise<PdfItem> => {
  const pdf = await findPdf(tenantId, fileId);
  if (!pdf) throw new DomainError('signingFileNotFound');
  return pdf;
};

export const listSeals = async (tenantId: string): Promise<SealItem[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :seal)',
      ExpressionAttributeValues: { ':pk': keys.companySealsPk(tenantId), ':seal': 'SEAL#' },
    })
  )
    .map((i) => {
      const s = bare<SealItem>(i);
      return { ...s, png: new Uint8Array(s.png) };
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

export const findSeal = async (tenantId: string, sealId: string): Promise<SealItem | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.companySeal(tenantId, sealId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const s = bare<SealItem>(Item);
  return { ...s, png: new Uint8Array(s.png) };
};
