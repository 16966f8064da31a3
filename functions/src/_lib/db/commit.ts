import type { ErrorCode } from '@tranche/shared/errors/catalogue';
import { EVENT_CATALOGUE, type EventName, type EventPayload } from '@tranche/shared/events/catalogue';
import { TransactWriteCommand } from '#lib/db/commands';
import type { Actor } from '../audit.js';
import { DomainError } from '../errors.js';
import { newId } from '../ids.js';
import { db, isLostRace, tableName } from './client.js';
import { keys } from './keys.js';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A transaction item, and what to answer when its condition is the one that failed. */
export interface Step {
  item: TransactItem;
  /**
   * Answered at once when this step's condition fails: a business refusal (the email is taken, the
   * code was used). Without one, a failed condition means someone changed what the change was decided
   * on: the decision is made again from fresh reads, or VERSION_CONFLICT when it cannot be.
   */
  refusal?: ErrorCode | (() => DomainError);
}

/** An event the change announces: the catalogue's name, the id of the record it is about, its payload. */
export interface EventDraft<N extends EventName = EventName> {
  name: N;
  about: string;
  payload: EventPayload<N>;
}

/** What a use case decided: the conditional writes, the events they cause, and what to answer. */
export interface Change<T> {
  steps: readonly Step[];
  events: readonly EventDraft[];
  result: T;
}

/** Reads, applies the rules (lifecycle tables, versions) and decides; run again after a lost race. */
export type Decide<T> = () => Promise<Change<T>>;

/** How often a decision is made again after losing a race, before answering VERSION_CONFLICT. */
export const COMMIT_ATTEMPTS = 4;
/** How long the outbox keeps an event: far beyond the stream's 24 hours and the dispatcher's retries. */
const EVENT_TTL_SECONDS = 7 * 24 * 3600;
const MAX_TRANSACTION_ITEMS = 100;

/** Builds an event in the catalogue's shape, so a draft's payload is typed by its name. */
export const event = <N extends EventName>(name: N, about: string, payload: EventPayload<N>): EventDraft<N> => ({
  name,
  about,
  payload,
});

/**
 * An event whose name is only known at run time (a service that records one of several actions);
 * its payload is checked against the catalogue when the change is committed.
 */
export const eventOf = (name: EventName, about: string, payload: Record<string, unknown>): EventDraft =>
  ({ name, about, payload }) as EventDraft;

/** The outbox item and the audit record of one event: the same id, name and payload. */
const eventItems = (actor: Actor, draft: EventDraft): TransactItem[] => {
  const entry = EVENT_CATALOGUE[draft.name];
  // A payload that breaks its schema is a bug in the service: refuse the whole change (a 500).
  const payload = entry.payload.parse(draft.payload) as Record<string, unknown>;
  const eventId = newId();
  const subject = { kind: entry.subject, id: draft.about };
  const table = tableName();
  const common = { eventId, tenantId: actor.tenantId, requestId: actor.requestId, at: actor.at };
  return [
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.auditEvent(keys.subjectPk(actor.tenantId, subject), actor.at, eventId),
          type: 'AUDIT',
          ...common,
          action: draft.name,
          actorId: actor.userId,
          data: payload,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.domainEvent(actor.tenantId, eventId),
          type: 'DOMAIN_EVENT',
          ...common,
          name: draft.name,
          version: entry.version,
          subject,
          actorId: actor.userId,
          payload,
          ttl: Math.floor(Date.parse(actor.at) / 1000) + EVENT_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
};

/** A condition without its own refusal failed: decide again (or VERSION_CONFLICT). */
class Contended extends Error {}

const write = async (actor: Actor, change: Change<unknown>): Promise<void> => {
  const items = [...change.steps.map((s) => s.item), ...change.events.flatMap((e) => eventItems(actor, e))];
  if (items.length === 0) return;
  if (items.length > MAX_TRANSACTION_ITEMS)
    throw new Error(`A change of ${items.length} items exceeds one transaction`);
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isLostRace(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const refusal = change.steps[reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed')]?.refusal;
    if (typeof refusal === 'function') throw refusal();
    if (refusal) throw new DomainError(refusal);
    throw new Contended();
  }
};

/**
 * The one way a state change is written: the conditional writes (status and version checked), the
 * audit record and the domain event of each event, in one DynamoDB transaction. Whatever the change
 * causes elsewhere (a task, an email, a ledger entry) is done by the events' consumers, never here.
 *
 * `decide` reads what the change depends on and decides it; when another writer wins the race
 * (a condition without its own refusal failed, or DynamoDB cancelled for a concurrent transaction)
 * it runs again from fresh reads, so the rules are checked against the new state, up to
 * COMMIT_ATTEMPTS times, then VERSION_CONFLICT. A change given as a value (decided from reads that
 * cannot be repeated) is tried once.
 */
export const commit = async <T>(actor: Actor, decide: Decide<T> | Change<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    const change = typeof decide === 'function' ? await decide() : decide;
    try {
      await write(actor, change);
      return change.result;
    } catch (error) {
      if (!(error instanceof Contended)) throw error;
      if (typeof decide !== 'function' || attempt >= COMMIT_ATTEMPTS) throw new DomainError('VERSION_CONFLICT');
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
};
