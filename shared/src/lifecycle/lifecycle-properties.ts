import fc from 'fast-check';
import { describe, it } from 'vitest';
import { isErrorCode } from '../errors/catalogue.js';
import { DomainError } from '../errors/domain-error.js';
import type { Lifecycle } from './lifecycle.js';

/**
 * The properties every lifecycle must have, checked against its real `next` / `allowedEvents` (not
 * against its table alone), for any lifecycle declared with `defineLifecycle`. Test files call
 * `describeLifecycleProperties(MY_LIFECYCLE, {...})`; each check is also exported so a test can show
 * that it rejects a broken lifecycle. The checks throw plain Errors (fast-check reports the
 * counterexample), so they do not depend on the test runner.
 */
export interface LifecyclePropertyOptions<A extends string, C> {
  /**
   * Every actor there is. Defaults to the actors the spec lists somewhere; pass the full list (all
   * roles) so that actors no event lists, such as investors on products, are checked too.
   */
  actors?: readonly A[];
  /** Contexts for the guards. Required when the spec has guards, so that they are exercised. */
  contexts?: fc.Arbitrary<C>;
  /** fast-check runs: random sequences (default 200), generated guard contexts (default 50). */
  numRuns?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the checks work on any lifecycle; each reads only strings.
type AnyLifecycle = Lifecycle<string, string, string, any>;
type Options = LifecyclePropertyOptions<string, unknown>;

/** The checks read states, events and actors as plain strings. */
const erased = <S extends string, E extends string, A extends string, C>(
  lifecycle: Lifecycle<S, E, A, C>,
  options: LifecyclePropertyOptions<A, C>,
): [AnyLifecycle, Options] => [lifecycle as unknown as AnyLifecycle, options as Options];

/** The lifecycle's `next` and `allowedEvents` with the context optional, as the checks drive them. */
const callNext = (l: AnyLifecycle, state: string, event: string, actor: string, ctx: unknown): string =>
  (l.next as (s: string, e: string, a: string, c?: unknown) => string)(state, event, actor, ctx);

/** How a call ended: the state it returned, or the code it threw (a non-DomainError is a failure). */
type Outcome = { to: string } | { code: string; details: Readonly<Record<string, unknown>> | undefined };

const outcomeOf = (l: AnyLifecycle, state: string, event: string, actor: string, ctx: unknown): Outcome => {
  try {
    return { to: callNext(l, state, event, actor, ctx) };
  } catch (error) {
    if (!(error instanceof DomainError)) {
      throw new Error(`${l.name}: next(${state}, ${event}, ${actor}) threw ${String(error)}, not a DomainError`);
    }
    return { code: error.code, details: error.details };
  }
};

const actorsOf = (l: AnyLifecycle, options: Options): readonly string[] => {
  const listed = [...new Set(Object.values<readonly string[]>(l.spec.actors).flat())];
  return options.actors ? [...new Set([...options.actors, ...listed])] : listed;
};

const hasGuards = (l: AnyLifecycle): boolean => Object.keys(l.spec.guards ?? {}).length > 0;

/** Contexts to try: undefined (guards off, as the UI asks without one) and, with guards, the given ones. */
const contextsOf = (l: AnyLifecycle, options: Options): fc.Arbitrary<unknown> => {
  if (!hasGuards(l)) return fc.constant(undefined);
  if (!options.contexts) throw new Error(`${l.name}: the lifecycle has guards; pass options.contexts to exercise them`);
  return fc.option(options.contexts, { nil: undefined });
};

// includeErrorInReport: the failure message says what broke, not only the counterexample.
const params = (options: Options, runs: number) => ({ numRuns: options.numRuns ?? runs, includeErrorInReport: true });

/**
 * Runs `body` without a context (as the UI asks), then, when the lifecycle has guards, for generated
 * contexts. States, events and actors are few, so the bodies go through all of them: a random pick
 * would miss the one bad combination among hundreds.
 */
const forEveryContext = (l: AnyLifecycle, o: Options, body: (ctx: unknown) => void): void => {
  body(undefined);
  if (hasGuards(l)) fc.assert(fc.property(contextsOf(l, o), body), params(o, 50));
};

const everyCombination = (l: AnyLifecycle, o: Options) =>
  l.states.flatMap((state) => l.events.flatMap((event) => actorsOf(l, o).map((actor) => ({ state, event, actor }))));

/**
 * Random event sequences from an initial state, fired by random actors: a call either returns a
 * declared state, the one the table names, or throws a DomainError with a catalogued code and leaves
 * the record where it was.
 */
export const checkSequencesStayInside = <S extends string, E extends string, A extends string, C>(
  lifecycle: Lifecycle<S, E, A, C>,
  options: LifecyclePropertyOptions<A, C> = {},
): void => {
  const [l, o] = erased(lifecycle, options);
  const states = new Set(l.states);
  const step = fc.record({
    event: fc.constantFrom(...l.events),
    actor: fc.constantFrom(...actorsOf(l, o)),
    ctx: contextsOf(l, o),
  });
  fc.assert(
    fc.property(fc.constantFrom(...l.spec.initial), fc.array(step, { maxLength: 40 }), (start, steps) => {
      let state = start;
      for (const { event, actor, ctx } of steps) {
        const outcome = outcomeOf(l, state, event, actor, ctx);
        if ('code' in outcome) {
          if (!isErrorCode(outcome.code)) throw new Error(`${l.name}: ${outcome.code} is not a catalogued code`);
          continue;
        }
        if (!states.has(outcome.to)) {
          throw new Error(`${l.name}: ${state} --${event}--> ${outcome.to}, which is not a declared state`);
        }
        const table = (l.spec.transitions as Record<string, Record<string, string | undefined>>)[state]?.[event];
        if (outcome.to !== table) {
          throw new Error(`${l.name}: ${state} --${event}--> ${outcome.to}, but the table says ${table}`);
        }
        state = outcome.to;
      }
    }),
    params(o, 200),
  );
};

/** Every state can be reached from an initial state by events someone may fire (guards aside). */
export const checkEveryStateReachable = <S extends string, E extends string, A extends string, C>(
  lifecycle: Lifecycle<S, E, A, C>,
  options: LifecyclePropertyOptions<A, C> = {},
): void => {
  const [l, o] = erased(lifecycle, options);
  const actors = actorsOf(l, o);
  const seen = new Set<string>(l.spec.initial);
  const queue = [...l.spec.initial];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const actor of actors) {
      for (const event of l.allowedEvents(state, actor)) {
        const outcome = outcomeOf(l, state, event, actor, undefined);
        if ('to' in outcome && !seen.has(outcome.to)) {
          seen.add(outcome.to);
          queue.push(outcome.to);
        }
      }
    }
  }
  const unreachable = l.states.filter((s) => !seen.has(s));
  if (unreachable.length > 0) {
    throw new Error(`${l.name}: no initial state leads to ${unreachable.join(', ')}`);
  }
};

/**
 * A terminal state has no exit, for anyone, in any context; and a state without exits is declared
 * terminal, so `isTerminal` tells the truth both ways.
 */
export const checkTerminalStatesHaveNoExit = <S extends string, E extends string, A extends string, C>(
  lifecycle: Lifecycle<S, E, A, C>,
  options: LifecyclePropertyOptions<A, C> = {},
): void => {
  const [l, o] = erased(lifecycle, options);
  const actors = actorsOf(l, o);
  forEveryContext(l, o, (ctx) => {
    for (const state of l.states) {
      const exits = actors.flatMap((actor) =>
        l.events.filter((event) => {
          const outcome = outcomeOf(l, state, event, actor, ctx);
          return 'to' in outcome || l.allowedEvents(state, actor, ctx).includes(event);
        }),
      );
      const tableExits = Object.keys((l.spec.transitions as Record<string, object>)[state] ?? {});
      if (l.isTerminal(state) && exits.length > 0) {
        throw new Error(`${l.name}: terminal state ${state} can still be left by ${[...new Set(exits)].join(', ')}`);
      }
      if (!l.isTerminal(state) && tableExits.length === 0) {
        throw new Error(`${l.name}: ${state} has no exit but is not declared terminal`);
      }
    }
  });
};

/**
 * What the UI offers is what the API accepts: an allowed event never throws, any other always throws,
 * `can` says the same, and a refusal names the lifecycle, the state and the event.
 */
export const checkAllowedEventsAgreeWithNext = <S extends string, E extends string, A extends string, C>(
  lifecycle: Lifecycle<S, E, A, C>,
  options: LifecyclePropertyOptions<A, C> = {},
): void => {
  const [l, o] = erased(lifecycle, options);
  const combinations = everyCombination(l, o);
  forEveryContext(l, o, (ctx) => {
    for (const { state, event, actor } of combinations) {
      const allowed = l.allowedEvents(state, actor, ctx).includes(event);
      const outcome = outcomeOf(l, state, event, actor, ctx);
      const where = `${l.name}: ${event} from ${state} by ${actor}`;
      if (l.can(state, event, actor, ctx) !== allowed)
        throw new Error(`${where}: can() disagrees with allowedEvents()`);
      if (allowed && 'code' in outcome) throw new Error(`${where} is offered but next() throws ${outcome.code}`);
      if (!allowed && 'to' in outcome) throw new Error(`${where} is not offered but next() returns ${outcome.to}`);
      if ('code' in outcome && outcome.code !== 'FORBIDDEN') {
        const d = outcome.details;
        if (d?.lifecycle !== l.name || d.state !== state || d.event !== event) {
          throw new Error(`${where}: ${outcome.code} does not name lifecycle, state and event in its details`);
        }
      }
    }
  });
};

/** An actor the spec does not list for an event gets FORBIDDEN, whatever the state and context. */
export const checkUnlistedActorsForbidden = <S extends string, E extends string, A extends string, C>(
  lifecycle: Lifecycle<S, E, A, C>,
  options: LifecyclePropertyOptions<A, C> = {},
): void => {
  const [l, o] = erased(lifecycle, options);
  const outsiders = everyCombination(l, o).filter(({ event, actor }) => !l.spec.actors[event]?.includes(actor));
  forEveryContext(l, o, (ctx) => {
    for (const { state, event, actor } of outsiders) {
      const outcome = outcomeOf(l, state, event, actor, ctx);
      if (!('code' in outcome) || outcome.code !== 'FORBIDDEN') {
        throw new Error(`${l.name}: ${actor} may not fire ${event}, yet from ${state} got ${JSON.stringify(outcome)}`);
      }
      if (l.allowedEvents(state, actor, ctx).includes(event)) {
        throw new Error(`${l.name}: ${event} is offered to ${actor}, who may not fire it`);
      }
    }
  });
};

/** The property suite as a vitest block, for the lifecycle's own test file. */
export const describeLifecycleProperties = <S extends string, E extends string, A extends string, C>(
  lifecycle: Lifecycle<S, E, A, C>,
  options: LifecyclePropertyOptions<A, C> = {},
): void => {
  describe(`${lifecycle.name} lifecycle properties`, () => {
    it('never leaves the declared states on random event sequences, and follows the table', () =>
      checkSequencesStayInside(lifecycle, options));
    it('reaches every state from an initial state', () => checkEveryStateReachable(lifecycle, options));
    it('lets nobody leave a terminal state, and declares every dead end terminal', () =>
      checkTerminalStatesHaveNoExit(lifecycle, options));
    it('offers exactly the events next() accepts, and names state and event when refusing', () =>
      checkAllowedEventsAgreeWithNext(lifecycle, options));
    it('answers FORBIDDEN to an actor not listed for the event', () =>
      checkUnlistedActorsForbidden(lifecycle, options));
  });
};
