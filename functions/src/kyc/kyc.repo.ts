import type { Role } from '@tranche/shared/auth/roles';
import type {
  IdentityCheck,
  KycCase,
  KycCaseSummary,
  KycMatch,
  KycQueuePage,
  KycSubject,
} from '@tranche/shared/profile/kyc.schema';
import {
  KYC_CASE_LIFECYCLE,
  KYC_CASE_STATUSES,
  KYC_DECISIONS,
  type KycCaseStatus,
  type KycDecision,
  type KycFinding,
} from '@tranche/shared/profile/kyc-case-lifecycle';
import type { IdentityOutcome, KycRiskRating, RiskFactor, ScreeningRating } from '@tranche/shared/profile/kyc-risk';
import type { ProfileType, RequirementKind } from '@tranche/shared/profile/profile-enums';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { displayNamesOf } from '../user/user.repo.js';

/**
 * Storage of KYC cases (keys.ts patterns 35, 35a): the case's #META item holds its status, version,
 * the screened subjects (without their matches), the identity check and the risk; each match is its
 * own MATCH#<subjectId>#<entryId> item; the case's audit events (its history) sit in the same
 * partition, so one Query reads a whole case.
 */

/** Most match items one case keeps (the best by score): they are written in one transaction with the case. */
export const MAX_MATCH_ITEMS = 40;

export type SubjectRecord = Omit<KycSubject, 'matches'> & { matchCount: number };

export interface CaseRecord {
  caseId: string;
  profileId: string;
  profileType: ProfileType;
  profileName: string;
  ownerUserId: string;
  country?: string;
  status: KycCaseStatus;
  trigger: 'SUBMISSION' | 'RESCREEN';
  riskRating: KycRiskRating;
  riskFactors: RiskFactor[];
  screeningRating: ScreeningRating;
  matchCount: number;
  identityOutcome: IdentityOutcome;
  identity: IdentityCheck;
  findings: KycFinding[];
  subjects: SubjectRecord[];
  listVersion: string;
  listSize: number;
  openedAt: string;
  updatedAt: string;
  version: number;
  /** The domain event that last screened this case (a redelivered one changes nothing). */
  sourceEventId: string;
  documentsRequested?: { kinds: RequirementKind[]; note?: string };
  decision?: { decision: KycDecision; reason: string; by: string; at: string };
  validUntil?: string;
}

export type MatchRecord = KycMatch;

export const caseRecordOf = (item: Record<string, unknown>): CaseRecord => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, type: _type, ...rest } = item;
  return rest as unknown as CaseRecord;
};

const matchRecordOf = (item: Record<string, unknown>): MatchRecord => {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as unknown as MatchRecord;
};

export const toSummary = (c: CaseRecord): KycCaseSummary => ({
  caseId: c.caseId,
  profileId: c.profileId,
  profileType: c.profileType,
  profileName: c.profileName,
  ownerUserId: c.ownerUserId,
  status: c.status,
  trigger: c.trigger,
  riskRating: c.riskRating,
  screeningRating: c.screeningRating,
  matchCount: c.matchCount,
  identityOutcome: c.identityOutcome,
  findings: c.findings,
  openedAt: c.openedAt,
  updatedAt: c.updatedAt,
  version: c.version,
});

export const findCase = async (tenantId: string, caseId: string): Promise<CaseRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.kycCase(tenantId, caseId), ConsistentRead: true }),
  );
  return Item ? caseRecordOf(Item) : undefined;
};

/** The id of the profile's open case, if it has one. */
export const findOpenCaseId = async (tenantId: string, profileId: string): Promise<string | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.kycOpenCase(tenantId, profileId), ConsistentRead: true }),
  );
  return typeof Item?.caseId === 'string' ? Item.caseId : undefined;
};

/** The profile's newest case (any status), from the profile index (pattern 35a). */
export const findLatestCase = async (tenantId: string, profileId: string): Promise<CaseRecord | undefined> => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.kycCasesOfProfilePk(tenantId, profileId) },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? caseRecordOf(item) : undefined;
};

/** A whole case: its #META, its matches and its audit events, in one Query of its partition. */
export const readCasePartition = async (tenantId: string, caseId: string) => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.kycCasePk(tenantId, caseId) },
    ConsistentRead: true,
  });
  const meta = items.find((i) => i.SK === '#META');
  if (!meta) return undefined;
  return {
    record: caseRecordOf(meta),
    matches: items.filter((i) => String(i.SK).startsWith(keys.kycMatchPrefix)).map(matchRecordOf),
    events: items.filter((i) => String(i.SK).startsWith(keys.auditEventPrefix)),
  };
};

/** The match items of a case, keys only (to replace them when the case is screened again). */
export const matchKeysOf = async (tenantId: string, caseId: string) =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)',
      ExpressionAttributeValues: { ':pk': keys.kycCasePk(tenantId, caseId), ':m': keys.kycMatchPrefix },
      ProjectionExpression: 'PK, SK',
      ConsistentRead: true,
    })
  ).map((i) => ({ PK: String(i.PK), SK: String(i.SK) }));

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The full case as the API answers it, for a caller of `role`. */
export const toKycCase = async (
  tenantId: string,
  whole: NonNullable<Awaited<ReturnType<typeof readCasePartition>>>,
  role: Role,
): Promise<KycCase> => {
  const { record: c, matches, events } = whole;
  const bySubject = new Map<string, KycMatch[]>();
  for (const m of [...matches].sort((a, b) => b.score - a.score)) {
    bySubject.set(m.subjectId, [...(bySubject.get(m.subjectId) ?? []), m]);
  }
  const actorIds = [...new Set(events.map((e) => String(e.actorId)).filter((id) => id && id !== 'SYSTEM'))];
  const names = actorIds.length > 0 ? await displayNamesOf(tenantId, actorIds) : new Map<string, string>();
  const history = events
    .sort((a, b) => String(a.SK).localeCompare(String(b.SK)))
    .map((e) => {
      const data = (e.data ?? {}) as Record<string, unknown>;
      const documents = data.documents as { kinds?: RequirementKind[]; note?: string } | undefined;
      const decision = str(data.decision);
      const actorId = String(e.actorId ?? 'SYSTEM');
      const reason = str(data.reason);
      const from = str(data.from);
      const to = str(data.to);
      const actorName = names.get(actorId);
      return {
        eventId: String(e.eventId),
        action: String(e.action),
        at: String(e.at),
        actorId,
        ...(actorName ? { actorName } : {}),
        ...(decision && (KYC_DECISIONS as readonly string[]).includes(decision)
          ? { decision: decision as KycDecision }
          : {}),
        ...(from && (KYC_CASE_STATUSES as readonly string[]).includes(from) ? { from: from as KycCaseStatus } : {}),
        ...(to && (KYC_CASE_STATUSES as readonly string[]).includes(to) ? { to: to as KycCaseStatus } : {}),
        ...(reason ? { reason } : {}),
        ...(documents
          ? { documents: { kinds: documents.kinds ?? [], ...(documents.note ? { note: documents.note } : {}) } }
          : {}),
      };
    });
  const allowed = KYC_CASE_LIFECYCLE.allowedEvents(c.status, role, { findings: c.findings });
  return {
    ...toSummary(c),
    profile: {
      profileId: c.profileId,
      type: c.profileType,
      name: c.profileName,
      ...(c.country ? { country: c.country } : {}),
    },
    riskFactors: c.riskFactors,
    subjects: c.subjects.map(({ matchCount: _n, ...s }) => ({ ...s, matches: bySubject.get(s.subjectId) ?? [] })),
    identity: c.identity,
    listVersion: c.listVersion,
    listSize: c.listSize,
    ...(c.documentsRequested ? { documentsRequested: c.documentsRequested } : {}),
    ...(c.decision ? { decision: c.decision } : {}),
    ...(c.validUntil ? { validUntil: c.validUntil } : {}),
    history,
    allowedDecisions: allowed.filter((e): e is KycDecision => (KYC_DECISIONS as readonly string[]).includes(e)),
  };
};

const CURSOR_KEYS = ['PK', 'SK', 'GSI2PK', 'GSI2SK'] as const;

/** How many cases each status holds (a COUNT query per status: the queue partitions are the index's own). */
export const countByStatus = async (tenantId: string): Promise<Record<KycCaseStatus, number>> => {
  const counts = await Promise.all(
    KYC_CASE_STATUSES.map(async (status) => {
      let total = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db.send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'GSI2',
            KeyConditionExpression: 'GSI2PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.kycQueuePk(tenantId, status) },
            Select: 'COUNT',
            ExclusiveStartKey: start,
          }),
        );
        total += out.Count ?? 0;
        start = out.LastEvaluatedKey;
      } while (start);
      return [status, total] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<KycCaseStatus, number>;
};

/** One page of the queue of `status`, newest first (pattern 35); the cursor only opens inside it. */
export const listQueue = async (
  tenantId: string,
  status: KycCaseStatus,
  limit: number,
  cursor: string | undefined,
): Promise<KycQueuePage> => {
  const pk = keys.kycQueuePk(tenantId, status);
  const startKey = await decodeCursor(cursor, 'GSI2PK', pk, CURSOR_KEYS);
  const [out, counts] = await Promise.all([
    db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    ),
    countByStatus(tenantId),
  ]);
  const nextCursor = await encodeCursor(
    out.LastEvaluatedKey
      ? Object.fromEntries(CURSOR_KEYS.map((k) => [k, (out.LastEvaluatedKey as Record<string, unknown>)[k]]))
      : undefined,
  );
  return {
    status,
    counts,
    items: (out.Items ?? []).map((i) => toSummary(caseRecordOf(i))),
    ...(nextCursor ? { nextCursor } : {}),
  };
};

/** Every case of a tenant in `status` (the rescreen reads the APPROVED ones), oldest first. */
export const casesInStatus = async (tenantId: string, status: KycCaseStatus): Promise<CaseRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.kycQueuePk(tenantId, status) },
    })
  ).map(caseRecordOf);
