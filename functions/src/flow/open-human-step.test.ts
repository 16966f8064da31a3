import { describe, expect, it } from 'vitest';
import { InvalidHumanStepInput, parseOpenHumanStepInput } from './open-human-step.js';

const scenario = { tenantId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', scenarioId: '01BX5ZZKBKACTAV9WEVGEMMVRZ', startedAt: 'x' };

describe('open-human-step input', () => {
  it('accepts a scenario and a task token', () => {
    const parsed = parseOpenHumanStepInput({ scenario, taskToken: 'tok' });
    expect(parsed.taskToken).toBe('tok');
    expect(parsed.scenario.tenantId).toBe(scenario.tenantId);
  });

  it.each([
    ['missing token', { scenario }],
    ['empty token', { scenario, taskToken: '' }],
    ['token over 2048 characters', { scenario, taskToken: 'a'.repeat(2049) }],
    ['missing scenario', { taskToken: 'tok' }],
    ['scenario with a bad id', { scenario: { ...scenario, scenarioId: 'nope' }, taskToken: 'tok' }],
  ])('rejects %s', (_label, input) => {
    expect(() => parseOpenHumanStepInput(input)).toThrow(InvalidHumanStepInput);
  });
});
