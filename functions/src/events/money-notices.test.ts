import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllocationRow, CallRecord } from '../money/call.records.js';

/**
 * The notices of an issued call are written page by page (docs/money.md "Capital calls at scale"):
 * each delivery writes NOTICES_PER_PAGE investors' notices and then hands itself the next page, once,
 * so a 5,000-investor call never needs one delivery to outlive the worker, and a redelivered page
 * skips what it wrote. Storage is replaced here by what the consumer asks of it.
 */
const written: string[] = [];
const nextPages: unknown[] = [];
let call: CallRecord;

vi.mock('../money/call.records.js', () => ({
  readCall: async () => call,
  readNotice: async () => undefined,
}));
vi.mock('../money/capital-call.service.js', () => ({
  noticeChange: async (_t: string, _at: string, _c: CallRecord, row: AllocationRow) => {
    written.push(row.subscriptionId);
    return undefined;
  },
}));
vi.mock('./commit-once.js', async (real) => ({
  ...(await real<typeof import('./commit-once.js')>()),
  commitOnce: async (
    _e: DomainEvent,
    key: string,
    decide: (actor: unknown) => Promise<{ events: { payload: unknown }[] } | undefined>,
  ) => {
    const change = await decide({ at: '2026-11-24T09:00:00.000Z' });
    if (key === 'capitalCallNotices#next') nextPages.push(...(change?.events ?? []).map((e) => e.payload));
    return true;
  },
}));

const { capitalCallNotices, NOTICES_PER_PAGE } = await import('./money.js');

const rows = (n: number): AllocationRow[] =>
  Array.from({ length: n }, (_, i) => ({
    subscriptionId: `sub-${i}`,
    investorId: `inv-${i}`,
    commitment: '100.00',
    items: { investment: '1.00', managementFee: '0.00', expenses: '0.00' },
    amount: '1.00',
  }));

const eventOf = (name: DomainEvent['name'], payload: Record<string, unknown>): DomainEvent =>
  ({
    eventId: `e-${name}-${String(payload.from ?? 0)}`,
    name,
    version: 1,
    requestId: 'r1',
    tenantId: 't1',
    actorId: 'u1',
    at: '2026-11-24T09:00:00.000Z',
    subject: { kind: 'capitalCall', id: 'c1' },
    payload,
  }) as unknown as DomainEvent;

/** `once` as the dispatcher gives it, remembering the keys already done (a redelivery skips them). */
const onceWith = (done: Set<string>) => async (key: string, effect: () => Promise<void>) => {
  if (done.has(key)) return false;
  await effect();
  done.add(key);
  return true;
};

const run = (event: DomainEvent, done = new Set<string>()) =>
  (capitalCallNotices as { effect: (e: DomainEvent, o: ReturnType<typeof onceWith>) => Promise<void> }).effect(
    event,
    onceWith(done),
  );

beforeEach(() => {
  written.length = 0;
  nextPages.length = 0;
  call = {
    callId: 'c1',
    issuedAt: '2026-11-24T09:00:00.000Z',
    allocation: rows(2 * NOTICES_PER_PAGE + 1),
  } as CallRecord;
});

describe('the notices of a large call', () => {
  it('writes one page per delivery and hands itself the next, until the last row', async () => {
    await run(eventOf('CAPITAL_CALL_RELEASED', { callId: 'c1' }));
    expect(written).toEqual(call.allocation.slice(0, NOTICES_PER_PAGE).map((r) => r.subscriptionId));
    expect(nextPages).toEqual([{ callId: 'c1', from: NOTICES_PER_PAGE }]);

    written.length = 0;
    await run(eventOf('CAPITAL_CALL_NOTICES_PAGED', { callId: 'c1', from: NOTICES_PER_PAGE }));
    expect(written[0]).toBe(`sub-${NOTICES_PER_PAGE}`);
    expect(written).toHaveLength(NOTICES_PER_PAGE);

    written.length = 0;
    nextPages.length = 0;
    await run(eventOf('CAPITAL_CALL_NOTICES_PAGED', { callId: 'c1', from: 2 * NOTICES_PER_PAGE }));
    expect(written).toEqual([`sub-${2 * NOTICES_PER_PAGE}`]);
    // The last page hands nothing on.
    expect(nextPages).toEqual([]);
  });

  it('resumes a page that died halfway without writing a notice twice', async () => {
    const done = new Set(call.allocation.slice(0, 120).map((r) => r.subscriptionId));
    await run(eventOf('CAPITAL_CALL_RELEASED', { callId: 'c1' }), done);
    expect(written).toHaveLength(NOTICES_PER_PAGE - 120);
    expect(written[0]).toBe('sub-120');
    expect(nextPages).toHaveLength(1);
  });

  it('writes a small call in one delivery, and nothing for a call not issued', async () => {
    call = { ...call, allocation: rows(3) };
    await run(eventOf('CAPITAL_CALL_RELEASED', { callId: 'c1' }));
    expect([written, nextPages]).toEqual([['sub-0', 'sub-1', 'sub-2'], []]);
    written.length = 0;
    call = { ...call, issuedAt: undefined } as CallRecord;
    await run(eventOf('CAPITAL_CALL_RELEASED', { callId: 'c1' }));
    expect(written).toEqual([]);
  });
});
