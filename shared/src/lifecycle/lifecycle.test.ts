import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors/catalogue.js';
import { DomainError } from '../errors/domain-error.js';
import { defineLifecycle, type Lifecycle, LifecycleDefinitionError, type LifecycleSpec } from './lifecycle.js';
import {
  checkAllowedEventsAgreeWithNext,
  checkEveryStateReachable,
  checkSequencesStayInside,
  checkTerminalStatesHaveNoExit,
  checkUnlistedActorsForbidden,
  describeLifecycleProperties,
} from './lifecycle-properties.js';

/** A small review lifecycle with everything a spec can hold: two initial states, a terminal one, a guard. */
type S = 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';
type E = 'SUBMIT' | 'WITHDRAW' | 'APPROVE' | 'REJECT';
type A = 'AUTHOR' | 'REVIEWER' | 'READER';
interface Ctx {
  documents: number;
}

const spec = (): LifecycleSpec<S, E, A, Ctx> => ({
  name: 'review',
  states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'],
  events: ['SUBMIT', 'WITHDRAW', 'APPROVE', 'REJECT'],
  initial: ['DRAFT', 'SUBMITTED'],
  terminal: ['APPROVED'],
  transitions: {
    DRAFT: { SUBMIT: 'SUBMITTED' },
    SUBMITTED: { WITHDRAW: 'DRAFT', APPROVE: 'APPROVED', REJECT: 'REJECTED' },
    APPROVED: {},
    REJECTED: { WITHDRAW: 'DRAFT' },
  },
  actors: { SUBMIT: ['AUTHOR'], WITHDRAW: ['AUTHOR'], APPROVE: ['REVIEWER'], REJECT: ['REVIEWER'] },
  guards: { APPROVE: ({ documents }) => (documents > 0 ? undefined : 'SCENARIO_NOT_PASSED') },
  refusals: { SUBMIT: 'VERSION_CONFLICT' },
});

const REVIEW = defineLifecycle(spec());
const ACTORS = ['AUTHOR', 'REVIEWER', 'READER'] as const;
const CONTEXTS = fc.record({ documents: fc.nat(3) });

const thrown = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('defineLifecycle', () => {
  it('moves along the table for a listed actor', () => {
    expect(REVIEW.next('DRAFT', 'SUBMIT', 'AUTHOR', { documents: 0 })).toBe('SUBMITTED');
    expect(REVIEW.next('SUBMITTED', 'APPROVE', 'REVIEWER', { documents: 1 })).toBe('APPROVED');
    expect(REVIEW.isTerminal('APPROVED')).toBe(true);
    expect(REVIEW.isTerminal('REJECTED')).toBe(false);
  });

  it('answers FORBIDDEN first, so an actor who may not fire the event learns nothing of the state', () => {
    const error = thrown(() => REVIEW.next('APPROVED', 'APPROVE', 'AUTHOR', { documents: 0 }));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.details).toBeUndefined();
  });

  it('refuses an event the state has no exit for with 409 TRANSITION_NOT_ALLOWED naming lifecycle, state and event', () => {
    const error = thrown(() => REVIEW.next('DRAFT', 'APPROVE', 'REVIEWER', { documents: 1 }));
    expect(error.code).toBe('TRANSITION_NOT_ALLOWED');
    expect(error.status).toBe(409);
    expect(error.details).toEqual({ lifecycle: 'review', state: 'DRAFT', event: 'APPROVE' });
    expect(errorMessage(error.code, 'en', error.details)).toBe(
      'The action APPROVE is not possible while this is DRAFT.',
    );
    expect(errorMessage(error.code, 'zh-CN', error.details)).toBe('当前状态为 DRAFT，无法执行 APPROVE 操作。');
  });

  it('answers the event’s own refusal code when the spec gives one', () => {
    const error = thrown(() => REVIEW.next('SUBMITTED', 'SUBMIT', 'AUTHOR', { documents: 1 }));
    expect(error.code).toBe('VERSION_CONFLICT');
    expect(error.details).toEqual({ lifecycle: 'review', state: 'SUBMITTED', event: 'SUBMIT' });
  });

  it('applies the guard after the table, with the guard’s code', () => {
    const error = thrown(() => REVIEW.next('SUBMITTED', 'APPROVE', 'REVIEWER', { documents: 0 }));
    expect(error.code).toBe('SCENARIO_NOT_PASSED');
    expect(error.details).toEqual({ lifecycle: 'review', state: 'SUBMITTED', event: 'APPROVE' });
  });

  it('offers events in spec order, applying guards only when given a context', () => {
    expect(REVIEW.allowedEvents('SUBMITTED', 'REVIEWER')).toEqual(['APPROVE', 'REJECT']);
    expect(REVIEW.allowedEvents('SUBMITTED', 'REVIEWER', { documents: 0 })).toEqual(['REJECT']);
    expect(REVIEW.allowedEvents('SUBMITTED', 'READER')).toEqual([]);
    expect(REVIEW.can('SUBMITTED', 'APPROVE', 'REVIEWER', { documents: 2 })).toBe(true);
    expect(REVIEW.can('SUBMITTED', 'APPROVE', 'REVIEWER', { documents: 0 })).toBe(false);
  });

  it.each([
    [
      'a transition to an unknown state',
      (s: LifecycleSpec<S, E, A, Ctx>) => {
        s.transitions.DRAFT = { SUBMIT: 'LIMBO' as S };
      },
      'DRAFT --SUBMIT--> LIMBO: unknown target state',
    ],
    [
      'an event with no actors entry',
      (s: LifecycleSpec<S, E, A, Ctx>) => {
        delete (s.actors as Partial<Record<E, readonly A[]>>).REJECT;
      },
      'event REJECT has no actors entry',
    ],
    [
      'a terminal state with exits',
      (s: LifecycleSpec<S, E, A, Ctx>) => {
        s.terminal = ['APPROVED', 'REJECTED'];
      },
      'terminal state REJECTED has exits (WITHDRAW)',
    ],
    [
      'a state missing from transitions',
      (s: LifecycleSpec<S, E, A, Ctx>) => {
        delete (s.transitions as Partial<Record<S, unknown>>).REJECTED;
      },
      'state REJECTED is missing from transitions',
    ],
    [
      'an exit by an undeclared event',
      (s: LifecycleSpec<S, E, A, Ctx>) => {
        s.transitions.DRAFT = { SUBMIT: 'SUBMITTED', ARCHIVE: 'APPROVED' } as Partial<Record<E, S>>;
      },
      'DRAFT has an exit by ARCHIVE, which is not a declared event',
    ],
    [
      'an initial state that is not declared',
      (s: LifecycleSpec<S, E, A, Ctx>) => {
        s.initial = ['NEW' as S];
      },
      'initial state NEW is not a declared state',
    ],
    [
      'a guard for an undeclared event',
      (s: LifecycleSpec<S, E, A, Ctx>) => {
        s.guards = { ...s.guards, ARCHIVE: () => undefined } as LifecycleSpec<S, E, A, Ctx>['guards'];
      },
      'guards name ARCHIVE, which is not a declared event',
    ],
  ])('rejects at definition %s', (_, breakIt, problem) => {
    const broken = spec();
    breakIt(broken);
    expect(() => defineLifecycle(broken)).toThrow(LifecycleDefinitionError);
    expect(() => defineLifecycle(broken)).toThrow(`lifecycle review: ${problem}`);
  });
});

describeLifecycleProperties(REVIEW, { actors: ACTORS, contexts: CONTEXTS });

describe('the property checks catch a broken lifecycle', () => {
  const options = { actors: ACTORS, contexts: CONTEXTS, numRuns: 300 };
  const broken = (override: Partial<Lifecycle<S, E, A, Ctx>>): Lifecycle<S, E, A, Ctx> => ({ ...REVIEW, ...override });

  it('passes the sound lifecycle', () => {
    for (const check of [
      checkSequencesStayInside,
      checkEveryStateReachable,
      checkTerminalStatesHaveNoExit,
      checkAllowedEventsAgreeWithNext,
      checkUnlistedActorsForbidden,
    ]) {
      expect(() => check(REVIEW, options)).not.toThrow();
    }
  });

  it('finds an unreachable state, which the definition itself accepts', () => {
    const s = spec();
    s.transitions.SUBMITTED = { WITHDRAW: 'DRAFT', APPROVE: 'APPROVED' };
    const unreachable = defineLifecycle(s);
    expect(() => checkEveryStateReachable(unreachable, options)).toThrow('review: no initial state leads to REJECTED');
  });

  it('finds a state reachable only through an event nobody may fire', () => {
    const s = spec();
    s.actors.REJECT = [];
    expect(() => checkEveryStateReachable(defineLifecycle(s), options)).toThrow(/REJECTED/);
  });

  it('finds a next() that leads outside the declared states', () => {
    const leaky = broken({
      next: (state, event, actor, ...ctx) =>
        state === 'REJECTED' && event === 'WITHDRAW' ? ('ARCHIVED' as S) : REVIEW.next(state, event, actor, ...ctx),
    });
    expect(() => checkSequencesStayInside(leaky, options)).toThrow(/ARCHIVED, which is not a declared/);
  });

  it('finds a dead end that is not declared terminal', () => {
    const s = spec();
    s.terminal = [];
    expect(() => checkTerminalStatesHaveNoExit(defineLifecycle(s), options)).toThrow(
      'APPROVED has no exit but is not declared terminal',
    );
  });

  it('finds a terminal state that can still be left', () => {
    const lying = broken({ isTerminal: (state) => state === 'APPROVED' || state === 'REJECTED' });
    expect(() => checkTerminalStatesHaveNoExit(lying, options)).toThrow(
      /terminal state REJECTED can still be left by WITHDRAW/,
    );
  });

  it('finds buttons the API would refuse', () => {
    // A UI helper that forgets the guards, in allowedEvents and can alike.
    const generous = broken({
      allowedEvents: (state, actor) => REVIEW.allowedEvents(state, actor),
      can: (state, event, actor) => REVIEW.can(state, event, actor),
    });
    expect(() => checkAllowedEventsAgreeWithNext(generous, options)).toThrow(
      /APPROVE from SUBMITTED by REVIEWER is offered but next\(\) throws SCENARIO_NOT_PASSED/,
    );
  });

  it('finds can() contradicting allowedEvents()', () => {
    const contrary = broken({ can: (state, event, actor, ctx) => !REVIEW.can(state, event, actor, ctx) });
    expect(() => checkAllowedEventsAgreeWithNext(contrary, options)).toThrow(/can\(\) disagrees with allowedEvents/);
  });

  it('finds an actor let through who is not listed for the event', () => {
    const lax = broken({
      next: (state, event, actor, ...ctx) => REVIEW.next(state, event, actor === 'READER' ? 'REVIEWER' : actor, ...ctx),
    });
    expect(() => checkUnlistedActorsForbidden(lax, options)).toThrow(/READER may not fire/);
  });

  it('insists on contexts when the lifecycle has guards, so the guards are exercised', () => {
    expect(() => checkAllowedEventsAgreeWithNext(REVIEW, { actors: ACTORS })).toThrow(/options.contexts/);
  });
});

describe('labels', () => {
  const label = (en: string, zh: string) => ({ en, 'zh-CN': zh });
  const labels = {
    states: {
      DRAFT: label('Draft', '草稿'),
      SUBMITTED: label('Submitted', '已提交'),
      APPROVED: label('Approved', '已批准'),
      REJECTED: label('Rejected', '已拒绝'),
    },
    events: {
      SUBMIT: label('Submit', '提交'),
      WITHDRAW: label('Withdraw', '撤回'),
      APPROVE: label('Approve', '批准'),
      REJECT: label('Reject', '拒绝'),
    },
  };

  it('names states and events in each language, and answers the codes when the spec has no labels', () => {
    const labelled = defineLifecycle({ ...spec(), labels });
    expect(labelled.stateLabel('SUBMITTED', 'zh-CN')).toBe('已提交');
    expect(labelled.eventLabel('APPROVE', 'en')).toBe('Approve');
    expect(REVIEW.stateLabel('SUBMITTED', 'zh-CN')).toBe('SUBMITTED');
    expect(REVIEW.eventLabel('APPROVE', 'en')).toBe('APPROVE');
  });

  it('refuses labels that leave a state or event unnamed in a language', () => {
    const gappy = {
      ...labels,
      states: { ...labels.states, REJECTED: { en: 'Rejected', 'zh-CN': ' ' } },
    };
    expect(() => defineLifecycle({ ...spec(), labels: gappy })).toThrow(/state REJECTED has no zh-CN label/);
  });
});
