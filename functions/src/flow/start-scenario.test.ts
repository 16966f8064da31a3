import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '#lib/clock';
import { handler, InvalidScenarioInput, parseStartScenarioInput } from './start-scenario.js';

const TENANT = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const SCENARIO = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

describe('start-scenario input', () => {
  afterEach(() => clock.set(undefined));

  it('accepts ULID ids and keeps only them, ignoring extra fields', () => {
    expect(parseStartScenarioInput({ tenantId: TENANT, scenarioId: SCENARIO, extra: 1 })).toEqual({
      tenantId: TENANT,
      scenarioId: SCENARIO,
    });
  });

  it.each([
    ['missing scenarioId', { tenantId: TENANT }],
    ['non-ULID tenantId', { tenantId: 'tenant-1', scenarioId: SCENARIO }],
    ['lower-case ULID', { tenantId: TENANT.toLowerCase(), scenarioId: SCENARIO }],
    ['not an object', 'hello'],
    ['null', null],
  ])('rejects %s with InvalidScenarioInput', (_label, input) => {
    expect(() => parseStartScenarioInput(input)).toThrow(InvalidScenarioInput);
  });

  it('names the failing field in the error', () => {
    expect(() => parseStartScenarioInput({ tenantId: TENANT, scenarioId: 'x' })).toThrow(/scenarioId/);
  });

  it('returns the ids with the start time from the clock', async () => {
    clock.set(new Date('2030-01-02T03:04:05.000Z'));
    await expect(handler({ tenantId: TENANT, scenarioId: SCENARIO })).resolves.toEqual({
      tenantId: TENANT,
      scenarioId: SCENARIO,
      startedAt: '2030-01-02T03:04:05.000Z',
    });
  });
});
