import { PERMISSIONS } from '@tranche/shared/auth/permissions';
import type { Role } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/money';
import type { NavDraft, NavPrice, PostNavBody, ShareClassNav } from '@tranche/shared/money/money.schema';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { readClasses, readFund, readFundClass } from './fund.repo.js';
import { todayOf } from './money-text.js';

/**
 * NAV per unit of a share class and date (issue 14, docs/money.md "NAV"): entered or uploaded as
 * drafts, approved by an admin who prepared none of them (four eyes), which posts them oldest first,
 * one commit each. A date on or before the last posted one is refused unless marked a correction
 * (navDateBeforeLast naming `navDate`); #LAST moves conditionally, so two approvals cannot both post
 * "the latest" NAV. NAV_POSTED starts the holders' NAV updates (functions/src/events/money.ts).
 */

const NAV_DIGITS = 6;
/** A NAV per unit with exactly 6 decimals ('1.1' -> '1.100000'), as prices are stored and compared. */
const perUnit = (value: string): string => {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${BigInt(whole).toString()}.${fraction.padEnd(NAV_DIGITS, '0')}`;
};

interface NavPartition {
  currency: Currency;
  lastDate?: string;
  prices: NavPrice[];
  drafts: NavDraft[];
}

const priceOf = (item: Record<string, unknown>): NavPrice => ({
  navDate: String(item.navDate),
  navPerUnit: String(item.navPerUnit),
  approvedBy: String(item.approvedBy),
  preparedBy: String(item.preparedBy),
  postedAt: String(item.postedAt),
  correction: Boolean(item.correction),
});

const draftOf = (item: Record<string, unknown>): NavDraft => ({
  productId: String(item.productId),
  shareClassId: String(item.shareClassId),
  navDate: String(item.navDate),
  navPerUnit: String(item.navPerUnit),
  correction: Boolean(item.correction),
  preparedBy: String(item.preparedBy),
  createdAt: String(item.createdAt),
});

const readPartition = async (tenantId: string, productId: string, shareClassId: string) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.navPk(tenantId, productId, shareClassId) },
    ConsistentRead: true,
  });

/** The posted prices of a class, oldest first (the ledger's units are valued with them). */
export const readPrices = async (tenantId: string, productId: string, shareClassId: string): Promise<NavPrice[]> =>
  (await readPartition(tenantId, productId, shareClassId))
    .filter((i) => String(i.SK).startsWith(keys.navPricePrefix))
    .map(priceOf);

const load = async (tenantId: string, productId: string, shareClassId: string): Promise<NavPartition> => {
  const { shareClass } = await readFundClass(tenantId, productId, shareClassId);
  const items = await readPartition(tenantId, productId, shareClassId);
  const last = items.find((i) => i.SK === '#LAST');
  return {
    currency: shareClass.currency,
    ...(last ? { lastDate: String(last.lastDate) } : {}),
    prices: items.filter((i) => String(i.SK).startsWith(keys.navPricePrefix)).map(priceOf),
    drafts: items.filter((i) => String(i.SK).startsWith(keys.navDraftPrefix)).map(draftOf),
  };
};

const canApprove = (actor: Actor, role: Role, drafts: readonly NavDraft[]) =>
  (PERMISSIONS.decideMoney as readonly Role[]).includes(role) &&
  drafts.length > 0 &&
  drafts.every((d) => d.preparedBy !== actor.userId);

const view = (actor: Actor, role: Role, productId: string, shareClassId: string, p: NavPartition): ShareClassNav => ({
  productId,
  shareClassId,
  currency: p.currency,
  ...(p.lastDate ? { lastDate: p.lastDate } : {}),
  prices: p.prices,
  drafts: p.drafts,
  canApprove: canApprove(actor, role, p.drafts),
});

export const getNav = async (actor: Actor, role: Role, productId: string, shareClassId: string) =>
  view(actor, role, productId, shareClassId, await load(actor.tenantId, productId, shareClassId));

/** The rules a NAV entry meets wherever it comes from (form or file); `field` names it in the refusal. */
const checkEntry = (actor: Actor, body: PostNavBody, lastDate: string | undefined, field = 'navDate') => {
  if (body.navDate > todayOf(actor.at)) throw new DomainError('navDateInFuture', { field });
  const fraction = body.navPerUnit.split('.')[1] ?? '';
  if (fraction.length > NAV_DIGITS || !/[1-9]/.test(body.navPerUnit)) {
    throw new DomainError('PARAMS_ERROR', {
      fields: [{ field: 'body.navPerUnit', rule: 'positive', message: 'Must be more than zero, at most 6 decimals' }],
    });
  }
  if (lastDate !== undefined && body.navDate <= lastDate && !body.correction) {
    throw new DomainError('navDateBeforeLast', { field, lastDate });
  }
};

const draftStep = (tenantId: string, draft: NavDraft): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.navDraft(tenantId, draft.productId, draft.shareClassId, draft.navDate),
        type: 'NAV_DRAFT',
        ...draft,
      },
    },
  },
});

/** Enters one NAV as a draft (replacing a draft of the same date). */
export const postNav = async (
  actor: Actor,
  role: Role,
  productId: string,
  shareClassId: string,
  body: PostNavBody,
): Promise<ShareClassNav> => {
  await commit(actor, async () => {
    const p = await load(actor.tenantId, productId, shareClassId);
    checkEntry(actor, body, p.lastDate);
    const draft: NavDraft = {
      productId,
      shareClassId,
      navDate: body.navDate,
      navPerUnit: perUnit(body.navPerUnit),
      correction: Boolean(body.correction),
      preparedBy: actor.userId,
      createdAt: actor.at,
    };
    return {
      steps: [draftStep(actor.tenantId, draft)],
      events: [
        event('NAV_DRAFTED', productId, {
          shareClassId,
          navDate: draft.navDate,
          navPerUnit: draft.navPerUnit,
          correction: draft.correction,
        }),
      ],
      result: undefined,
    };
  });
  return getNav(actor, role, productId, shareClassId);
};

const MAX_UPLOAD_LINES = 500;
const LINE = /^([0-9A-HJKMNP-TV-Z]{26}),(\d{4}-\d{2}-\d{2}),(\d{1,18}(?:\.\d{1,6})?)(?:,(true|false|yes|no|1|0)?)?$/i;

/**
 * NAVs from CSV: `shareClassId,navDate,navPerUnit[,correction]` per line (a header line starting with
 * "shareClassId" is skipped). Every line is judged before anything is written; the first bad line is
 * refused (navUploadInvalid naming the line and field, or the entry's own rule), then each line is
 * committed as a draft.
 */
export const uploadNav = async (
  actor: Actor,
  role: Role,
  productId: string,
  csv: string,
): Promise<{ drafts: NavDraft[] }> => {
  const [, classes] = await Promise.all([readFund(actor.tenantId, productId), readClasses(actor.tenantId, productId)]);
  const classIds = new Set(classes.map((c) => c.shareClassId));
  const lines = csv
    .split(/\r?\n/)
    .map((l) => l.trim())
    .map((text, i) => ({ text, line: i + 1 }))
    .filter((l) => l.text !== '' && !/^"?shareClassId/i.test(l.text));
  if (lines.length === 0) throw new DomainError('navUploadInvalid', { line: 1, field: 'csv' });
  if (lines.length > MAX_UPLOAD_LINES)
    throw new DomainError('navUploadInvalid', { line: MAX_UPLOAD_LINES + 1, field: 'csv' });
  const entries = lines.map(({ text, line }) => {
    const m = LINE.exec(text.replace(/\s*,\s*/g, ','));
    if (!m) throw new DomainError('navUploadInvalid', { line, field: 'format' });
    const [, shareClassId = '', navDate = '', navPerUnit = '', flag = ''] = m;
    if (!classIds.has(shareClassId)) throw new DomainError('navUploadInvalid', { line, field: 'shareClassId' });
    if (Number.isNaN(Date.parse(`${navDate}T00:00:00Z`)))
      throw new DomainError('navUploadInvalid', { line, field: 'navDate' });
    return { line, shareClassId, body: { navDate, navPerUnit, correction: /^(true|yes|1)$/i.test(flag) } };
  });
  for (const e of entries) {
    const p = await load(actor.tenantId, productId, e.shareClassId);
    checkEntry(actor, e.body, p.lastDate, `line ${e.line} navDate`);
  }
  const drafts: NavDraft[] = [];
  for (const e of entries) {
    const nav = await postNav(actor, role, productId, e.shareClassId, e.body);
    const draft = nav.drafts.find((d) => d.navDate === e.body.navDate);
    if (draft) drafts.push(draft);
  }
  return { drafts };
};

/** Posts every draft of the class, oldest first, each its own commit; refused whole if the approver prepared one. */
export const approveNav = async (
  actor: Actor,
  role: Role,
  productId: string,
  shareClassId: string,
): Promise<ShareClassNav> => {
  const first = await load(actor.tenantId, productId, shareClassId);
  if (first.drafts.length === 0) throw new DomainError('navNothingToApprove');
  if (first.drafts.some((d) => d.preparedBy === actor.userId)) throw new DomainError('navFourEyes');
  const dates = first.drafts.map((d) => d.navDate).sort();
  for (const navDate of dates) {
    await commit(actor, async () => {
      const p = await load(actor.tenantId, productId, shareClassId);
      const draft = p.drafts.find((d) => d.navDate === navDate);
      if (!draft) return { steps: [], events: [], result: undefined };
      checkEntry(actor, draft, p.lastDate);
      const lastDate = p.lastDate && p.lastDate > navDate ? p.lastDate : navDate;
      const table = tableName();
      const price: NavPrice = {
        navDate,
        navPerUnit: draft.navPerUnit,
        approvedBy: actor.userId,
        preparedBy: draft.preparedBy,
        postedAt: actor.at,
        correction: draft.correction,
      };
      const steps: Step[] = [
        {
          item: {
            Put: {
              TableName: table,
              Item: { ...keys.navPrice(actor.tenantId, productId, shareClassId, navDate), type: 'NAV_PRICE', ...price },
              // Only a correction replaces a posted price.
              ...(draft.correction ? {} : { ConditionExpression: 'attribute_not_exists(PK)' }),
            },
          },
        },
        {
          item: {
            Put: {
              TableName: table,
              Item: { ...keys.navLast(actor.tenantId, productId, shareClassId), type: 'NAV_LAST', lastDate },
              ...(p.lastDate
                ? {
                    ConditionExpression: 'lastDate = :seen',
                    ExpressionAttributeValues: { ':seen': p.lastDate },
                  }
                : { ConditionExpression: 'attribute_not_exists(PK)' }),
            },
          },
        },
        {
          item: {
            Delete: {
              TableName: table,
              Key: keys.navDraft(actor.tenantId, productId, shareClassId, navDate),
              ConditionExpression: 'createdAt = :c',
              ExpressionAttributeValues: { ':c': draft.createdAt },
            },
          },
        },
      ];
      return {
        steps,
        events: [
          event('NAV_POSTED', productId, {
            productId,
            shareClassId,
            navDate,
            navPerUnit: draft.navPerUnit,
            correction: draft.correction,
          }),
        ],
        result: undefined,
      };
    });
  }
  return getNav(actor, role, productId, shareClassId);
};

export const discardNav = async (
  actor: Actor,
  role: Role,
  productId: string,
  shareClassId: string,
): Promise<ShareClassNav> => {
  const p = await load(actor.tenantId, productId, shareClassId);
  if (p.drafts.length === 0) throw new DomainError('navNothingToApprove');
  // Three items a draft (its delete, the event's outbox and audit items): 30 to a transaction.
  for (let i = 0; i < p.drafts.length; i += 30) {
    const chunk = p.drafts.slice(i, i + 30);
    await commit(actor, {
      steps: chunk.map((d) => ({
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.navDraft(actor.tenantId, productId, shareClassId, d.navDate),
            ConditionExpression: 'createdAt = :c',
            ExpressionAttributeValues: { ':c': d.createdAt },
          },
        },
      })),
      events: chunk.map((d) => event('NAV_DISCARDED', productId, { shareClassId, navDate: d.navDate })),
      result: undefined,
    });
  }
  return getNav(actor, role, productId, shareClassId);
};
