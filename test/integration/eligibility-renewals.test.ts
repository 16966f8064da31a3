import type { InboxMessage, InboxPage } from '@tranche/shared/inbox/inbox.schema';
import { addDays, addMonths } from '@tranche/shared/profile/eligibility';
import type { Profile } from '@tranche/shared/profile/profile.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { alpine, call, stack } from '../support/api.js';
import { type Investor, newInvestor } from '../support/identity.js';

/**
 * Eligibility renewal end to end (issue 11, Deliver 7): evidence saved on a profile is indexed by its
 * renewal date; the daily job opens one renewal task per evidence however often it runs; saving current
 * evidence closes the task.
 */

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

const today = new Date().toISOString().slice(0, 10);

const saveEvidence = async (investor: Investor, profileId: string, assessedOn: string) => {
  const current = await call<Profile>(investor.caller, '/subscription/profile/get-profile-info', {
    query: { profileId },
  });
  const saved = await call<Profile>(investor.caller, '/subscription/profile/patch-meta-certificate-info', {
    method: 'PATCH',
    query: { profileId },
    body: {
      version: current.body.version,
      certificate: {
        classification: 'AI',
        evidence: {
          test: 'US_AI_NET_WORTH',
          netWorth: { amount: '2500000.00', currency: 'USD' },
          documentIds: ['statement-1'],
          assessedOn,
        },
      },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

const runJob = async () => {
  const res = await fetch(`${stack.url}/_local/schedules/eligibilityRenewals/run`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
};

const renewalTasks = async (investor: Investor, profileId: string) =>
  (
    (await call<InboxPage>(investor.caller, '/tasks/query-tasks', { query: { kind: 'ELIGIBILITY_RENEWAL' } })).body
      .items ?? []
  ).filter((m: InboxMessage) => m.action?.path?.includes(profileId));

describe('eligibility renewal job', () => {
  let investor: Investor;
  let profileId: string;

  beforeAll(async () => {
    investor = await newInvestor(alpine, 'elig');
    const created = await call<Profile>(investor.caller, '/subscription/profile/patch-profile', {
      method: 'PATCH',
      body: { type: 'INDIVIDUAL', header: { displayName: 'Ada Renewals' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    profileId = created.body.profileId;
  });

  it('opens one renewal task for evidence expiring within 30 days, however often it runs, and closes it on renewal', async () => {
    // Net-worth evidence is valid 12 months: assessed 12 months less 10 days ago, it expires in 10 days.
    const assessedOn = addDays(addMonths(today, -12), 10);
    await saveEvidence(investor, profileId, assessedOn);
    // The index follows the certificate through the event consumer: run until the job has seen it.
    await eventually(
      async () => {
        await runJob();
        return renewalTasks(investor, profileId);
      },
      (tasks) => tasks.length > 0,
      'the renewal task',
    );
    await runJob();
    await runJob();
    const tasks = await renewalTasks(investor, profileId);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.title).toContain('Accredited investor (US)');
    expect(tasks[0]?.body).toContain(addMonths(assessedOn, 12));

    // Current evidence closes the task; the job opens nothing for it.
    await saveEvidence(investor, profileId, today);
    await eventually(
      () => renewalTasks(investor, profileId),
      (t) => t[0]?.task?.status === 'CLOSED',
      'the renewal task to close',
    );
    await runJob();
    expect(await renewalTasks(investor, profileId)).toHaveLength(1);
  });
});
