import type { InboxMessage, InboxPage } from '@tranche/shared/inbox/inbox.schema';
import { STEP_UP_WINDOW_MS } from '@tranche/shared/profile/bank-account';
import type { GpBankAccount } from '@tranche/shared/profile/bank-approval.schema';
import type { BankAccountView, Profile } from '@tranche/shared/profile/profile.schema';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alpine, type Caller, call, signedIn, stack } from '../support/api.js';
import { clearThrottles, type Investor, newInvestor, outbox, patchItem, readItem } from '../support/identity.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { sha256 } = await import('../../functions/src/_lib/secrets.js');
const { sessionCookieName } = await import('../../functions/src/_lib/cookies.js');
const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { PutCommand } = await import('@aws-sdk/lib-dynamodb');

/**
 * Wire-instruction integrity end to end (issue 11, Deliver 8): a new account is PENDING and reaches the
 * GP team as a task; the GP admin's decision (on the version seen) approves it; a full number is shown
 * only within 5 minutes of a step-up; no email carries the number.
 */

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

const NUMBER = '123456789012';
const NEW_NUMBER = '998877665544';

const createProfileWithAccount = async (investor: Investor, accountNumber: string) => {
  const created = await call<Profile>(investor.caller, '/subscription/profile/patch-profile', {
    method: 'PATCH',
    body: { type: 'INDIVIDUAL', header: { displayName: 'Ada Family' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const withBank = await call<Profile>(investor.caller, '/subscription/profile/patch-meta-bank-info', {
    method: 'PATCH',
    query: { profileId: created.body.profileId },
    body: {
      version: created.body.version,
      account: {
        kind: 'BANK',
        bankName: 'Harbour Bank',
        accountName: 'Ada Investor',
        accountNumber,
        currency: 'USD',
        bankCountry: 'HK',
      },
    },
  });
  expect(withBank.status, JSON.stringify(withBank.body)).toBe(200);
  return withBank.body;
};

const gpTasks = async (gp: Caller) =>
  (await call<InboxPage>(gp, '/tasks/query-tasks', { query: { kind: 'GP_BANK_CHANGE_APPROVAL' } })).body.items ?? [];

const taskFor = (gp: Caller, bankId: string) =>
  eventually(
    async () => (await gpTasks(gp)).find((m) => m.action?.path?.endsWith(`/bank-accounts/${bankId}`)),
    (m) => m !== undefined,
    'the GP approval task',
  ) as Promise<InboxMessage>;

const review = (gp: Caller, profileId: string, bankId: string) =>
  call<GpBankAccount>(gp, `/gp/profiles/${profileId}/bank-accounts/${bankId}`);

const decide = (gp: Caller, profileId: string, bankId: string, body: Record<string, unknown>) =>
  call<GpBankAccount & { code?: string }>(gp, `/gp/profiles/${profileId}/bank-accounts/${bankId}/decision`, {
    method: 'POST',
    body,
  });

const accounts = async (investor: Investor, profileId: string) =>
  (
    await call<{ items: BankAccountView[] }>(investor.caller, '/subscription/profile/get-meta-bank-info-by-type', {
      query: { profileId, type: 'BANK' },
    })
  ).body.items;

const reveal = (caller: Caller, profileId: string, bankId: string) =>
  call<{ accountNumber?: string; code?: string }>(caller, '/subscription/profile/reveal-bank-account', {
    method: 'POST',
    query: { profileId },
    body: { bankId },
  });

beforeEach(clearThrottles);

describe('bank account approval', () => {
  let investor: Investor;
  let admin: Caller;
  let member: Caller;
  let profile: Profile;
  let bank: BankAccountView;

  beforeAll(async () => {
    investor = await newInvestor(alpine, 'bank');
    admin = await signedIn(alpine, 'GP_ADMIN');
    member = await signedIn(alpine, 'GP_MEMBER');
    profile = await createProfileWithAccount(investor, NUMBER);
    bank = profile.bankAccounts[0] as BankAccountView;
  });

  it('stores a new account as PENDING, masked, and opens a task for the GP team', async () => {
    expect(bank.status).toBe('PENDING');
    expect(JSON.stringify(profile)).not.toContain(NUMBER);
    const task = await taskFor(admin, bank.bankId);
    expect(task.title).toContain('Test Investor');
    const seen = await review(admin, profile.profileId, bank.bankId);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ status: 'PENDING', accountNumberMasked: '•••• 9012' });
    expect(seen.body.allowedDecisions).toEqual(['APPROVED', 'REJECTED']);
    expect(JSON.stringify(seen.body)).not.toContain(NUMBER);
    // A member sees the account but may not decide.
    expect((await review(member, profile.profileId, bank.bankId)).body.allowedDecisions).toEqual([]);
    const refused = await decide(member, profile.profileId, bank.bankId, {
      decision: 'APPROVED',
      reason: 'ok',
      updatedAt: bank.updatedAt,
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a decision on another version (409), approves the one seen, then refuses a second decision', async () => {
    const stale = await decide(admin, profile.profileId, bank.bankId, {
      decision: 'APPROVED',
      reason: 'Bank letter matches.',
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'BANK_ACCOUNT_NOT_PENDING']);
    expect((await accounts(investor, profile.profileId))[0]?.status).toBe('PENDING');

    const approved = await decide(admin, profile.profileId, bank.bankId, {
      decision: 'APPROVED',
      reason: 'Bank letter matches.',
      updatedAt: bank.updatedAt,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'OPEN',
      review: { decision: 'APPROVED', reason: 'Bank letter matches.' },
    });
    expect((await accounts(investor, profile.profileId))[0]?.status).toBe('OPEN');

    const again = await decide(admin, profile.profileId, bank.bankId, {
      decision: 'REJECTED',
      reason: 'Second thoughts.',
      updatedAt: bank.updatedAt,
    });
    expect([again.status, again.body.code]).toEqual([409, 'BANK_ACCOUNT_NOT_PENDING']);

    // The decision closes the team's task and tells the investor, without the number in any email.
    await eventually(
      async () => (await gpTasks(admin)).find((m) => m.action?.path?.endsWith(`/bank-accounts/${bank.bankId}`)),
      (m) => m?.task?.status === 'CLOSED',
      'the GP task to close',
    );
    const message = await eventually(
      async () =>
        (await call<InboxPage>(investor.caller, '/user-center/get-in-box-message')).body.items?.find(
          (m) => m.kind === 'BANK_CHANGE_DECIDED',
        ),
      (m) => m !== undefined,
      "the investor's notice",
    );
    expect(JSON.stringify(message)).not.toContain(NUMBER);
    // The notice is a common message: it goes out in the daily digest.
    expect((await fetch(`${stack.url}/_local/schedules/inboxDaily/run`, { method: 'POST' })).status).toBe(200);
    const emails = await eventually(
      async () => (await outbox()).filter((m) => m.to.includes(investor.email) && /in your inbox/.test(m.subject)),
      (found) => found.length > 0,
      'the digest with the decision',
    );
    for (const m of [...emails, ...(await outbox()).filter((o) => o.to.includes(investor.email))]) {
      expect(`${m.subject}\n${m.text}`).not.toContain(NUMBER);
    }
  });

  it('sends a changed account back to PENDING; the approval task decided in the inbox rejects it', async () => {
    const current = await call<Profile>(investor.caller, '/subscription/profile/get-profile-info', {
      query: { profileId: profile.profileId },
    });
    const changed = await call<Profile>(investor.caller, '/subscription/profile/patch-meta-bank-info', {
      method: 'PATCH',
      query: { profileId: profile.profileId },
      body: {
        version: current.body.version,
        bankId: bank.bankId,
        account: {
          kind: 'BANK',
          bankName: 'Harbour Bank',
          accountName: 'Ada Investor',
          accountNumber: NEW_NUMBER,
          currency: 'USD',
          bankCountry: 'HK',
        },
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.bankAccounts[0]?.status).toBe('PENDING');
    const task = await eventually(
      async () =>
        (await gpTasks(admin)).find(
          (m) => m.action?.path?.endsWith(`/bank-accounts/${bank.bankId}`) && m.task?.status !== 'CLOSED',
        ),
      (m) => m !== undefined,
      'a new approval task',
    );
    const decided = await call(admin, '/tasks/notice-task-approval', {
      method: 'POST',
      body: { taskId: task?.task?.taskId, decision: 'REJECTED', comment: 'The bank letter is unsigned.' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const after = await eventually(
      () => review(admin, profile.profileId, bank.bankId),
      (r) => r.body.status === 'CLOSED',
      'the rejection to apply',
    );
    expect(after.body.review).toMatchObject({ decision: 'REJECTED', reason: 'The bank letter is unsigned.' });
  });
});

describe('step-up and reveal', () => {
  let investor: Investor;
  let profile: Profile;
  let bankId: string;

  beforeAll(async () => {
    investor = await newInvestor(alpine, 'reveal');
    profile = await createProfileWithAccount(investor, NUMBER);
    bankId = (profile.bankAccounts[0] as BankAccountView).bankId;
  });

  const stepUp = (body: Record<string, unknown>) =>
    call<{ stepUpUntil?: string; code?: string }>(investor.caller, '/user-center/step-up', { method: 'POST', body });

  it('shows the full number only within 5 minutes of re-entering the password', async () => {
    const before = await reveal(investor.caller, profile.profileId, bankId);
    expect([before.status, before.body.code]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect(JSON.stringify(before.body)).not.toContain(NUMBER);

    const wrong = await stepUp({ password: 'not-the-password-1' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'STEP_UP_FAILED']);
    expect((await reveal(investor.caller, profile.profileId, bankId)).status).toBe(403);

    const both = await stepUp({ password: investor.password, mfaCode: '123456' });
    expect(both.status).toBe(400);

    const ok = await stepUp({ password: investor.password });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const shown = await reveal(investor.caller, profile.profileId, bankId);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.accountNumber).toBe(NUMBER);

    // Another investor, even after their own step-up, finds no such profile.
    const other = await newInvestor(alpine, 'reveal-other');
    const otherUp = await call(other.caller, '/user-center/step-up', {
      method: 'POST',
      body: { password: other.password },
    });
    expect(otherUp.status).toBe(200);
    expect((await reveal(other.caller, profile.profileId, bankId)).status).toBe(404);

    // Five minutes later (the step-up's time moved back on this session's record) it is masked again.
    const token = (investor.caller as { cookies?: Map<string, string> }).cookies?.get(sessionCookieName(alpine.prefix));
    expect(token).toBeDefined();
    await patchItem(keys.session(alpine.tenantId, sha256(token as string)), {
      stepUpAtMs: Date.now() - STEP_UP_WINDOW_MS - 1000,
    });
    const late = await reveal(investor.caller, profile.profileId, bankId);
    expect([late.status, late.body.code]).toEqual([403, 'STEP_UP_REQUIRED']);
  });
});

describe('account numbers at rest', () => {
  let investor: Investor;
  let profile: Profile;
  let bankId: string;
  const itemKey = () => keys.profilePart(alpine.tenantId, profile.profileId, `BANK#${bankId}`);
  const details = {
    kind: 'BANK',
    bankName: 'Harbour Bank',
    accountName: 'Ada Investor',
    currency: 'USD',
    bankCountry: 'HK',
  } as const;
  const save = async (accountNumber: string) => {
    const current = await call<Profile>(investor.caller, '/subscription/profile/get-profile-info', {
      query: { profileId: profile.profileId },
    });
    return call<Profile>(investor.caller, '/subscription/profile/patch-meta-bank-info', {
      method: 'PATCH',
      query: { profileId: profile.profileId },
      body: { version: current.body.version, bankId, account: { ...details, accountNumber } },
    });
  };

  beforeAll(async () => {
    investor = await newInvestor(alpine, 'at-rest');
    profile = await createProfileWithAccount(investor, NUMBER);
    bankId = (profile.bankAccounts[0] as BankAccountView).bankId;
  });

  it('stores the number only sealed, with its last 4 in the clear', async () => {
    const item = await readItem(itemKey());
    expect(item).toBeDefined();
    expect(JSON.stringify(item)).not.toContain(NUMBER);
    expect(JSON.stringify(item)).not.toContain(NUMBER.slice(0, 8));
    expect(item).not.toHaveProperty('accountNumber');
    expect(item).toMatchObject({ last4: '9012', sealedNumbers: { v: 1, kp: 'local' } });
  });

  it('keeps the account and its envelope on an unchanged save; a changed number is sealed anew and pending', async () => {
    const before = await readItem(itemKey());
    const same = await save(NUMBER);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await readItem(itemKey())).toMatchObject({
      updatedAt: before?.updatedAt,
      sealedNumbers: before?.sealedNumbers as object,
    });

    const changed = await save(NEW_NUMBER);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await readItem(itemKey());
    expect(after?.updatedAt).not.toBe(before?.updatedAt);
    expect(after).toMatchObject({ status: 'PENDING', last4: '5544' });
    expect(JSON.stringify(after)).not.toContain(NEW_NUMBER);
    expect(changed.body.bankAccounts[0]).toMatchObject({ accountNumberMasked: '•••• 5544' });
  });

  it('reads an item with a clear number (written before sealing), reveals it, and seals it on the next save', async () => {
    const { sealedNumbers: _sealed, last4: _last4, ...rest } = (await readItem(itemKey())) as Record<string, unknown>;
    await db.send(
      new PutCommand({ TableName: tableName(), Item: { ...rest, status: 'OPEN', accountNumber: '5566 7788' } }),
    );
    const listed = await accounts(investor, profile.profileId);
    expect(listed.find((b) => b.bankId === bankId)).toMatchObject({ last4: '7788', accountNumberMasked: '•••• 7788' });

    const up = await call(investor.caller, '/user-center/step-up', {
      method: 'POST',
      body: { password: investor.password },
    });
    expect(up.status).toBe(200);
    const shown = await reveal(investor.caller, profile.profileId, bankId);
    expect(shown.body.accountNumber).toBe('5566 7788');

    // The same number saved again: unchanged (still OPEN), and now stored sealed.
    const same = await save('5566 7788');
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const migrated = await readItem(itemKey());
    expect(migrated).not.toHaveProperty('accountNumber');
    expect(migrated).toMatchObject({ status: 'OPEN', last4: '7788', sealedNumbers: { v: 1 } });
    expect(JSON.stringify(migrated)).not.toContain('5566');
    expect((await reveal(investor.caller, profile.profileId, bankId)).body.accountNumber).toBe('5566 7788');
  });
});
