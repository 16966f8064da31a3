import { INBOX_CATALOGUE } from '@tranche/shared/inbox/catalogue';
import { type LocalTestTask, LocalTestTaskSchema } from '@tranche/shared/inbox/inbox.schema';
import { sampleInboxEvent } from '@tranche/shared/inbox/samples';
import { commit, eventOf } from '../functions/src/_lib/db/commit.js';
import { newId } from '../functions/src/_lib/ids.js';
import { tenantIdByHost, tenantIdByPrefix } from '../functions/src/tenant/tenant.repo.js';
import { findUserByEmail } from '../functions/src/user/user.repo.js';

/**
 * POST /_local/inbox/test-task (the local stack only, never deployed): commits the domain event
 * that opens one task of `kind` (default ADDITIONAL_DOCUMENTS_REQUIRED), naming the users whose
 * emails are given, as the later issues' services will. The inbox consumers then create one task
 * shared by all of them, as for the members of one entity profile. The browser tests use it
 * ("a test event gives one task to investor1 and investor2 together").
 */
export const createTestTask = async (raw: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
  const parsed = LocalTestTaskSchema.safeParse(raw);
  if (!parsed.success) return { status: 400, body: { code: 'PARAMS_ERROR', message: parsed.error.message } };
  const input: LocalTestTask = parsed.data;
  const tenantId = input.tenantPrefix ? await tenantIdByPrefix(input.tenantPrefix) : await tenantIdByHost('localhost');
  if (!tenantId) return { status: 404, body: { code: 'TenantNotExist' } };
  const userIds: string[] = [];
  for (const email of input.emails) {
    const user = await findUserByEmail(tenantId, email);
    if (!user) return { status: 404, body: { code: 'AccountNotExist', email } };
    userIds.push(user.userId);
  }
  const kind = input.kind ?? 'ADDITIONAL_DOCUMENTS_REQUIRED';
  const refId = newId();
  const sample = sampleInboxEvent(kind, refId, userIds);
  const at = new Date().toISOString();
  await commit(
    { tenantId, userId: 'LOCAL_TEST', requestId: `local-test-${refId}`, at },
    { steps: [], events: [eventOf(sample.name, refId, sample.payload)], result: undefined },
  );
  return {
    status: 202,
    body: { tenantId, refId, event: sample.name, kind, category: INBOX_CATALOGUE[kind].category, userIds },
  };
};
