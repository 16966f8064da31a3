import { type GpOverview, NEW_INVESTOR_DAYS } from '@tranche/shared/console/console.schema';
import {
  ACCOUNT_INVITE_STATUSES,
  type AccountInviteStatus,
  PRODUCT_STATES,
  type ProductState,
} from '@tranche/shared/enums';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';

/**
 * The console overview's figures, counted from the indexes the records already carry: the products
 * index (pattern 4), the team index (18) and the investors index (22), each one tenant-led partition.
 * A tenant has tens of funds and hundreds to a few thousand investors, so three projected queries
 * are cheaper than keeping counters in every transaction that moves a record between states (and
 * cannot drift from the records); docs/decisions.md "GP console: overview, team, investors".
 */

const zeros = <T extends string>(values: readonly T[]): Record<T, number> =>
  Object.fromEntries(values.map((v) => [v, 0])) as Record<T, number>;

/** Counts of the values in `items`; values outside `known` (an older item) are not counted. */
const tally = <T extends string>(known: readonly T[], values: readonly unknown[]): Record<T, number> => {
  const counts = zeros(known);
  for (const value of values) if ((known as readonly unknown[]).includes(value)) counts[value as T] += 1;
  return counts;
};

/** The overview from the items as read: pure, so its rules are tested without a table. */
export const overviewOf = (
  input: {
    products: readonly { state?: unknown }[];
    investors: readonly { inviteStatus?: unknown; createdAt?: unknown }[];
    team: readonly { inviteStatus?: unknown }[];
  },
  now: Date,
): GpOverview => {
  const byState = tally<ProductState>(
    PRODUCT_STATES,
    input.products.map((p) => p.state),
  );
  const since = new Date(now.getTime() - NEW_INVESTOR_DAYS * 24 * 3600 * 1000).toISOString();
  const investorStatus = tally<AccountInviteStatus>(
    ACCOUNT_INVITE_STATUSES,
    input.investors.map((u) => u.inviteStatus),
  );
  const teamStatus = tally<AccountInviteStatus>(
    ACCOUNT_INVITE_STATUSES,
    input.team.map((u) => u.inviteStatus),
  );
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    products: { total: sum(byState), byState },
    investors: {
      total: sum(investorStatus),
      byStatus: investorStatus,
      // ISO 8601 UTC strings order as the instants do.
      newLast30Days: input.investors.filter((u) => typeof u.createdAt === 'string' && u.createdAt >= since).length,
    },
    team: { total: sum(teamStatus), byStatus: teamStatus },
    asOf: now.toISOString(),
  };
};

const indexItems = (pk: string, attributes: readonly string[], filter?: { expression: string; values: object }) =>
  queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ExpressionAttributeValues: { ':pk': pk, ...filter?.values },
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: {
      ...Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
      ...(filter ? { '#type': 'type' } : {}),
    },
  });

export const getGpOverview = async (tenantId: string): Promise<GpOverview> => {
  const [products, investors, team] = await Promise.all([
    // The products index also holds each product's share classes: only the products are counted.
    indexItems(keys.productsIndexPk(tenantId), ['state'], {
      expression: '#type = :product',
      values: { ':product': 'PRODUCT' },
    }),
    indexItems(keys.investorsIndexPk(tenantId), ['inviteStatus', 'createdAt']),
    indexItems(keys.teamIndexPk(tenantId), ['inviteStatus']),
  ]);
  return overviewOf({ products, investors, team }, clock.now());
};
