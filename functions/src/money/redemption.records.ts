import type { Role } from '@tranche/shared/auth/roles';
import { isGp } from '@tranche/shared/auth/roles';
import type { Redemption } from '@tranche/shared/money/money.schema';
import { REDEMPTION_LIFECYCLE, type RedemptionState } from '@tranche/shared/money/redemption-state';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { formatMoney } from './money-text.js';
import { newestFirst, recordReader, userName, versionGuard } from './records.js';

/**
 * Redemption requests as stored (keys.ts pattern 45a), read, and decided by the manager: none of it
 * needs decimal maths, so these handlers stay within the bundle budget; sizing a request against the
 * holding is in redemption.service.ts.
 */

/** Calendar days of notice before a dealing date (DOMAIN.md gives none; the seeded credit fund says 30). */
export const REDEMPTION_NOTICE_DAYS = 30;
export const UNIT_DIGITS = 6;
/** Requests still asking for units: they reserve what they ask from the holding. */
export const OPEN: readonly RedemptionState[] = ['REQUESTED', 'NEEDS_CHANGES', 'CONFIRMED', 'PARTLY_DEALT'];

export interface RedemptionRecord extends Omit<Redemption, 'allowedEvents'> {}

const FIELDS = [
  'redemptionId',
  'subscriptionId',
  'investorId',
  'productId',
  'shareClassId',
  'fund',
  'currency',
  'state',
  'units',
  'full',
  'amount',
  'estimatedValue',
  'navDate',
  'dealingDate',
  'noticeDays',
  'comment',
  'dealtUnits',
  'proceeds',
  'dealings',
  'paidOn',
  'requestedAt',
  'updatedAt',
  'version',
] as const;
const recordOf = recordReader<RedemptionRecord>(FIELDS);

export const readRedemption = async (tenantId: string, redemptionId: string) => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.redemption(tenantId, redemptionId), ConsistentRead: true }),
  );
  return Item ? recordOf(Item) : undefined;
};

/** The redemption as this user may see it: the investor's own, or any for the team; else 404. */
export const visibleOr404 = async (actor: Actor, role: Role, redemptionId: string): Promise<RedemptionRecord> => {
  const r = await readRedemption(actor.tenantId, redemptionId);
  if (!r || (!isGp(role) && r.investorId !== actor.userId)) throw new DomainError('redemptionNotExists');
  return r;
};

export const view = (r: RedemptionRecord, role: Role): Redemption => ({
  ...r,
  allowedEvents: REDEMPTION_LIFECYCLE.allowedEvents(r.state, role),
});

export const put = (tenantId: string, r: RedemptionRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.redemption(tenantId, r.redemptionId),
        ...keys.redemptionIndexes(tenantId, r.investorId, r.requestedAt, r.redemptionId),
        type: 'REDEMPTION',
        ...r,
      },
      ...versionGuard(seenVersion),
    },
  },
});

export const list = async (pk: string, index: 'GSI1' | 'GSI2'): Promise<RedemptionRecord[]> =>
  (await newestFirst(index, pk)).map(recordOf);

export const listOwn = async (actor: Actor) =>
  (await list(keys.redemptionsOfInvestorPk(actor.tenantId, actor.userId), 'GSI1')).map((r) => view(r, 'LP'));
export const listTenant = async (actor: Actor, role: Role) =>
  (await list(keys.redemptionsPk(actor.tenantId), 'GSI2')).map((r) => view(r, role));
export const getRedemption = async (actor: Actor, role: Role, redemptionId: string) =>
  view(await visibleOr404(actor, role, redemptionId), role);

export const investorName = (tenantId: string, userId: string) => userName(tenantId, userId, 'Investor');

/** How the request reads in the inbox: its estimated value, or its units. */
export const asked = (r: RedemptionRecord) =>
  r.estimatedValue ? formatMoney(r.estimatedValue, r.currency) : `${r.units} units`;

export const decideRedemption = async (
  actor: Actor,
  role: Role,
  redemptionId: string,
  body: { event: 'CONFIRM' | 'REQUEST_CHANGES' | 'REJECT'; comment?: string },
): Promise<Redemption> => {
  const decided = await commit(actor, async () => {
    const r = await visibleOr404(actor, role, redemptionId);
    const state = REDEMPTION_LIFECYCLE.next(r.state, body.event, role);
    if (body.event === 'REQUEST_CHANGES' && !body.comment) {
      throw new DomainError('redemptionCommentRequired', { field: 'comment' });
    }
    const next: RedemptionRecord = {
      ...r,
      state,
      ...(body.comment ? { comment: body.comment } : {}),
      updatedAt: actor.at,
      version: r.version + 1,
    };
    const ev: EventDraft =
      body.event === 'CONFIRM'
        ? event('REDEMPTION_CONFIRMED', redemptionId, {
            refId: redemptionId,
            userIds: [r.investorId],
            fund: r.fund,
            amount: asked(r),
          })
        : body.event === 'REQUEST_CHANGES'
          ? event('REDEMPTION_CHANGES_REQUESTED', redemptionId, {
              refId: redemptionId,
              userIds: [r.investorId],
              fund: r.fund,
              comment: body.comment as string,
            })
          : event('REDEMPTION_REJECTED', redemptionId, {
              refId: redemptionId,
              ...(body.comment ? { comment: body.comment } : {}),
            });
    return { steps: [put(actor.tenantId, next, r.version)], events: [ev], result: next };
  });
  return view(decided, role);
};
