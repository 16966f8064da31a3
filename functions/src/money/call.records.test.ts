import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AllocationRow,
  type CallRecord,
  callOf,
  NOTICES_IN_A_WRITE_ANSWER,
  putCall,
  viewCallAfterWrite,
} from './call.records.js';

const call = (rows: number): CallRecord => ({
  callId: '01JCALL',
  productId: '01JPRODUCT',
  fund: 'Fund',
  currency: 'USD',
  state: 'DRAFT',
  basis: 'AMOUNT',
  totals: { investment: '1.00', managementFee: '0.00', expenses: '0.00', amount: '1.00' },
  paid: '0.00',
  preparedBy: 'alice',
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  version: 1,
  excused: [],
  allocation: Array.from(
    { length: rows },
    (_, i): AllocationRow => ({
      subscriptionId: `01JSUB${String(i).padStart(20, '0')}`,
      investorId: `01JINV${String(i * 7919).padStart(20, '0')}`,
      commitment: `${100000 + ((i * 7919) % 900000)}.00`,
      items: { investment: `${1000 + i}.25`, managementFee: '0.00', expenses: '0.00' },
      amount: `${1000 + i}.25`,
    }),
  ),
});

const stored = (c: CallRecord) => {
  const step = putCall('01JTENANT', c, undefined).item as { Put: { Item: Record<string, unknown> } };
  return step.Put.Item;
};

describe('a stored capital call', () => {
  beforeEach(() => {
    vi.stubEnv('TABLE_NAME', 'tranche-test');
  });

  it('keeps a small split inline, as before', () => {
    const item = stored(call(3));
    expect(item.allocation).toHaveLength(3);
    expect(callOf(item)).toEqual(call(3));
  });

  it('packs a split across 5,000 investors under the 400 KB item limit, and reads it back exactly', () => {
    const item = stored(call(5000));
    expect(item.allocation).toBeUndefined();
    const bytes = (item.allocationGz as Uint8Array).byteLength;
    expect(bytes).toBeLessThan(300 * 1024);
    expect(callOf(item)).toEqual(call(5000));
  });
});

describe("a write's answer", () => {
  const actor = { tenantId: '01JTENANT', userId: 'bob', requestId: 'r', at: '2026-11-24T00:00:00.000Z' };

  it('leaves out the notices of a call larger than one stored answer holds, without reading them', async () => {
    // No table is set: a read of a notice or a name would throw.
    vi.stubEnv('TABLE_NAME', '');
    const big = call(NOTICES_IN_A_WRITE_ANSWER + 1);
    const answer = await viewCallAfterWrite('01JTENANT', actor, 'GP_ADMIN', big);
    expect([answer.notices, answer.noticesOmitted, answer.parts]).toEqual([[], true, NOTICES_IN_A_WRITE_ANSWER + 1]);
    expect(answer.allowedEvents).toContain('APPROVE');
    // ~270 bytes a notice: the limit keeps a whole answer well under DynamoDB's 400 KB item.
    expect(NOTICES_IN_A_WRITE_ANSWER * 270).toBeLessThan(200 * 1024);
  });
});
