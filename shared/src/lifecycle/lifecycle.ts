import type { ErrorCode } from '../errors/catalogue.js';
import { DomainError } from '../errors/domain-error.js';
import { LANGS, type Lang } from '../i18n/langs.js';

/** A state's or event's name in every language the product ships (what people read instead of the code). */
export type LifecycleLabel = Record<Lang, string>;

/**
 * The one way a lifecycle is declared (DESIGN.md "State machines"): a pure table of states, events,
 * who may fire each event and the business preconditions, from which `next` (the API's decision) and
 * `allowedEvents` (the UI's buttons) are both derived, so they cannot disagree. `describeLifecycleProperties`
 * (lifecycle-properties.ts) checks any lifecycle against the same rules in its test file.
 *
 * S: states, E: events, A: actors (session roles, or 'SELF' for the record's own person),
 * C: what the guards need to know besides the state (void when there are no guards).
 */
export interface LifecycleSpec<S extends string, E extends string, A extends string, C = void> {
  /** Named in error details and definition errors: 'product', 'accountInvite', ... */
  name: string;
  states: readonly S[];
  events: readonly E[];
  /** States a record may be created in. */
  initial: readonly S[];
  /** States with no exit. */
  terminal?: readonly S[];
  /** Every state, with its exits. */
  transitions: Record<S, Partial<Record<E, S>>>;
  /** Who may fire each event, whatever the state. */
  actors: Record<E, readonly A[]>;
  /** Business preconditions beyond the table (a product needs a share class to be published). */
  guards?: Partial<Record<E, (ctx: C) => ErrorCode | undefined>>;
  /** The code answered when the event does not apply to the state; TRANSITION_NOT_ALLOWED if absent. */
  refusals?: Partial<Record<E, ErrorCode>>;
  /**
   * What people read for each state and event (status badges, history, dialogs), in every language.
   * Without labels, `stateLabel` and `eventLabel` answer the codes.
   */
  labels?: { states: Record<S, LifecycleLabel>; events: Record<E, LifecycleLabel> };
}

/** What a lifecycle's refusals carry in `details`, so a client can say which change was refused. */
export interface TransitionDetails {
  [key: string]: unknown;
  lifecycle: string;
  state: string;
  event: string;
}

/**
 * `next` needs the guards' context unless it may be undefined (C = void): a service that forgot it would
 * skip a business rule silently, so the compiler refuses the call instead.
 */
export type GuardContextArg<C> = undefined extends C ? [ctx?: C] : [ctx: C];

export interface Lifecycle<S extends string, E extends string, A extends string, C = void> {
  readonly name: string;
  readonly states: readonly S[];
  readonly events: readonly E[];
  readonly spec: LifecycleSpec<S, E, A, C>;
  /**
   * The state after `event`. Throws DomainError: FORBIDDEN when `actor` may not fire the event (checked
   * first, so an outsider learns nothing about the state), then the event's refusal (409
   * TRANSITION_NOT_ALLOWED by default) when the state has no such exit, then the guard's code.
   */
  next(state: S, event: E, actor: A, ...ctx: GuardContextArg<C>): S;
  /** The events `actor` may fire from `state`, in the spec's event order; guards apply only when `ctx` is given. */
  allowedEvents(state: S, actor: A, ctx?: C): E[];
  /** Whether `next` would succeed (guards apply only when `ctx` is given). */
  can(state: S, event: E, actor: A, ctx?: C): boolean;
  isTerminal(state: S): boolean;
  /** The state's name in `lang` (the code when the spec has no labels). */
  stateLabel(state: S, lang: Lang): string;
  /** The event's name in `lang`, as a verb (the code when the spec has no labels). */
  eventLabel(event: E, lang: Lang): string;
}

/** A spec that cannot be a lifecycle: thrown when the module defining it loads, so no test or request runs on it. */
export class LifecycleDefinitionError extends Error {
  override readonly name = 'LifecycleDefinitionError';
}

const duplicates = (values: readonly string[]): string[] => values.filter((v, i) => values.indexOf(v) !== i);

/** Every way the spec contradicts itself, as sentences; empty when it is sound. */
export const specProblems = <S extends string, E extends string, A extends string, C>(
  spec: LifecycleSpec<S, E, A, C>,
): string[] => {
  const problems: string[] = [];
  const states = new Set<string>(spec.states);
  const events = new Set<string>(spec.events);
  if (spec.states.length === 0) problems.push('declares no state');
  if (spec.initial.length === 0) problems.push('declares no initial state');
  for (const d of duplicates(spec.states)) problems.push(`lists state ${d} twice`);
  for (const d of duplicates(spec.events)) problems.push(`lists event ${d} twice`);
  for (const s of spec.initial) if (!states.has(s)) problems.push(`initial state ${s} is not a declared state`);
  for (const s of spec.terminal ?? []) if (!states.has(s)) problems.push(`terminal state ${s} is not a declared state`);
  for (const s of spec.states) {
    if (!Object.hasOwn(spec.transitions, s)) problems.push(`state ${s} is missing from transitions`);
  }
  for (const [from, exits] of Object.entries<Partial<Record<E, S>>>(spec.transitions)) {
    if (!states.has(from)) problems.push(`transitions name ${from}, which is not a declared state`);
    for (const [event, to] of Object.entries<S | undefined>(exits)) {
      if (!events.has(event)) problems.push(`${from} has an exit by ${event}, which is not a declared event`);
      if (to === undefined || !states.has(to)) problems.push(`${from} --${event}--> ${to}: unknown target state`);
    }
    if ((spec.terminal as readonly string[] | undefined)?.includes(from) && Object.keys(exits).length > 0) {
      problems.push(`terminal state ${from} has exits (${Object.keys(exits).join(', ')})`);
    }
  }
  for (const e of spec.events) {
    if (!Object.hasOwn(spec.actors, e)) problems.push(`event ${e} has no actors entry`);
  }
  for (const [what, record] of [
    ['actors', spec.actors],
    ['guards', spec.guards ?? {}],
    ['refusals', spec.refusals ?? {}],
  ] as const) {
    for (const e of Object.keys(record))
      if (!events.has(e)) problems.push(`${what} name ${e}, which is not a declared event`);
  }
  if (spec.labels) {
    for (const [what, names, labels] of [
      ['state', spec.states, spec.labels.states],
      ['event', spec.events, spec.labels.events],
    ] as const) {
      for (const name of names) {
        const label = (labels as Record<string, LifecycleLabel | undefined>)[name];
        for (const lang of LANGS) if (!label?.[lang]?.trim()) problems.push(`${what} ${name} has no ${lang} label`);
      }
    }
  }
  return problems;
};

/**
 * Checks the spec once, when the module declaring it loads, and returns the lifecycle. A spec that
 * contradicts itself throws LifecycleDefinitionError listing every problem.
 */
export const defineLifecycle = <S extends string, E extends string, A extends string, C = void>(
  spec: LifecycleSpec<S, E, A, C>,
): Lifecycle<S, E, A, C> => {
  const problems = specProblems(spec);
  if (problems.length > 0) {
    throw new LifecycleDefinitionError(`lifecycle ${spec.name}: ${problems.join('; ')}`);
  }
  const terminal = new Set<S>(spec.terminal ?? []);
  const mayFire = (event: E, actor: A): boolean => spec.actors[event].includes(actor);
  const target = (state: S, event: E): S | undefined => spec.transitions[state][event];
  /** Guards apply whenever a context is given; `next` requires one at compile time when C is not void. */
  const guardCode = (event: E, ctx: C | undefined): ErrorCode | undefined =>
    ctx === undefined ? undefined : spec.guards?.[event]?.(ctx);
  const allowedEvents = (state: S, actor: A, ctx?: C): E[] =>
    spec.events.filter(
      (event) => target(state, event) !== undefined && mayFire(event, actor) && guardCode(event, ctx) === undefined,
    );

  return {
    name: spec.name,
    states: spec.states,
    events: spec.events,
    spec,
    next(state, event, actor, ...ctx) {
      if (!mayFire(event, actor)) throw new DomainError('FORBIDDEN');
      // With labels, the refusal's message names the state and event in the reader's language
      // (errorMessage reads `labels`); the codes stay in `state` and `event` for clients.
      const details: TransitionDetails = {
        lifecycle: spec.name,
        state,
        event,
        ...(spec.labels ? { labels: { state: spec.labels.states[state], event: spec.labels.events[event] } } : {}),
      };
      const to = target(state, event);
      if (to === undefined) throw new DomainError(spec.refusals?.[event] ?? 'TRANSITION_NOT_ALLOWED', details);
      const refused = guardCode(event, ctx[0]);
      if (refused) throw new DomainError(refused, details);
      return to;
    },
    allowedEvents,
    can: (state, event, actor, ctx) => allowedEvents(state, actor, ctx).includes(event),
    isTerminal: (state) => terminal.has(state),
    stateLabel: (state, lang) => spec.labels?.states[state][lang] ?? state,
    eventLabel: (event, lang) => spec.labels?.events[event][lang] ?? event,
  };
};
