import { randomBytes } from 'node:crypto';
import type { Role } from '@tranche/shared/auth/roles';
import { alpine, type Tenant } from './api.js';

const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { batchWrite, tenantConfigItems } = await import('../../local/seed.js');

const ROLES_OF_A_TENANT: Role[] = ['GP_OWNER', 'GP_ADMIN', 'GP_MEMBER', 'LP'];

/**
 * A tenant of a test's own, written straight into the table: its configuration from the seed's own
 * builder (tenantConfigItems), one user of each role and no products. For tests whose counts,
 * orders or configuration changes must not meet the demo tenants other suites read. Reached by its
 * prefix. The users are less than the seed's: only their USER item, without the email claim, the
 * email index (GSI1) or team index (GSI2) keys and without a password, so they act through
 * `signedIn` sessions only; they cannot sign in, be found by email or appear in the team list.
 */
export const scratchTenant = async (label: string): Promise<Tenant> => {
  const tenantId = newId();
  const prefix = `${label}-${randomBytes(4).toString('hex')}`;
  const displayName = `Scratch ${prefix}`;
  const { items } = tenantConfigItems(tenantId, {
    prefix,
    hosts: [],
    domains: [],
    displayName,
    primaryColor: '#1c4e80',
    logoText: 'SC',
    tagline: { en: 'A tenant for one test.', 'zh-CN': '测试专用租户。' },
    languages: ['en', 'zh-CN'],
    currencies: ['USD', 'HKD'],
    displayRates: [{ currency: 'HKD', rate: '7.8125', asOf: '2026-03-31' }],
    openCountries: ['HK', 'SG'],
  });
  const users = ROLES_OF_A_TENANT.map((role) => ({
    userId: newId(),
    email: `${role.toLowerCase()}@${prefix}.example`,
    displayName: role,
    role,
  }));
  for (const u of users) {
    items.push({
      ...keys.user(tenantId, u.userId),
      type: 'USER',
      tenantId,
      ...u,
      inviteStatus: 'REGISTERED',
      accountState: 'normal',
      mfaMethods: [],
      language: 'en',
      currency: 'USD',
      createdAt: new Date().toISOString(),
    });
  }
  await batchWrite(db, tableName(), items);
  return { ...alpine, tenantId, prefix, displayName, users, productIds: [], shareClassIds: [] };
};
