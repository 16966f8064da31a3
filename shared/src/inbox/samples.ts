import type { EventName } from '../events/catalogue.js';
import { INBOX_CATALOGUE, type InboxKindDef, placeholdersOfKind } from './catalogue.js';
import { INBOX_KINDS, type InboxKind } from './kinds.js';

/**
 * A test event for each kind: the event that opens it, with a payload its schema accepts and that
 * selects this kind (openWhen). The unit tests, the integration tests and the local stack's test
 * event (POST /_local/inbox/test-task) use it, so a kind whose real emitter does not exist yet is
 * still proven end to end. Never used by a deployed handler.
 */
const SAMPLE_VALUES: Record<string, string> = {
  fund: 'Alpine Growth Fund I',
  investor: 'Ada Investor',
  amount: 'USD 250,000.00',
  comment: 'Please confirm the source of funds.',
  documents: 'Certified passport copy',
  profile: 'Ada Holdings Ltd',
  nav: 'USD 104.20',
  navDate: '2026-09-30',
  productId: '01J00000000000000000000000',
  payeeId: '01J00000000000000000000001',
  classification: 'Accredited investor (US)',
  // Issue 12's signing kinds
  project: 'Subscription agreement — Alpine Growth Fund I',
  signer: 'Ada Investor',
  projectId: '01J00000000000000000000PRJ',
  reason: 'The amount on page 2 is not the one I agreed.',
  // Issue 14's dealing kinds
  units: '189.375000',
  dealingDate: '2026-09-30',
};

/** A due date `days` from `now`, as the capital-call events carry it (yyyy-mm-dd). */
export const dueDateIn = (days: number, now: Date = new Date()): string =>
  new Date(now.getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

const SELECTORS: Partial<Record<InboxKind, Record<string, string>>> = {
  CAPITAL_CALL_OPEN_ENDED: { fundType: 'OPEN_ENDED', accountKind: 'BANK' },
  CAPITAL_CALL_CLOSE_ENDED: { fundType: 'CLOSE_ENDED', accountKind: 'BANK' },
  CAPITAL_CALL_IRA: { fundType: 'CLOSE_ENDED', accountKind: 'IRA' },
  ADDRESS_MATERIAL_REQUIRED: { material: 'ADDRESS' },
  BANK_MATERIAL_REQUIRED: { material: 'BANK' },
  IDENTITY_MATERIAL_REQUIRED: { material: 'IDENTITY' },
  SIGNING_REQUESTED: { accountType: 'LP' },
  GP_SIGNING_REQUESTED: { accountType: 'GP' },
  REDEMPTION_DEALT: { carried: '0.000000' },
  REDEMPTION_GATED: { carried: '110.625000' },
  SCENARIO_MESSAGE: { to: 'INVESTOR' },
  GP_SCENARIO_MESSAGE: { to: 'GP_TEAM' },
};

export interface SampleEvent {
  name: EventName;
  payload: Record<string, unknown>;
}

export const sampleInboxEvent = (
  kind: InboxKind,
  refId: string,
  userIds: readonly string[],
  options: { dueInDays?: number; now?: Date } = {},
): SampleEvent => {
  const def = INBOX_CATALOGUE[kind];
  const name = def.opens[0] as EventName;
  const payload: Record<string, unknown> = { refId, userIds: [...userIds] };
  // The event may open other kinds too (the manager's side of a redemption): it carries all their placeholders.
  const siblings = INBOX_KINDS.filter((k) => (INBOX_CATALOGUE[k].opens as readonly string[]).includes(name));
  for (const p of siblings.flatMap(placeholdersOfKind))
    if (p !== 'refId') payload[p] = SAMPLE_VALUES[p] ?? `${p} value`;
  if (def.urgentWithinDays !== undefined || 'dueDate' in payload) {
    payload.dueDate = dueDateIn(options.dueInDays ?? 10, options.now);
  }
  Object.assign(payload, SELECTORS[kind] ?? {});
  // Events that carry more than the placeholders.
  if (name === 'CAPITAL_CALL_ISSUED') Object.assign(payload, SELECTORS[kind] ?? SELECTORS.CAPITAL_CALL_OPEN_ENDED);
  if (name === 'BANK_CHANGE_DECIDED') payload.approved = true;
  if (name === 'MATERIAL_REQUESTED' && !payload.material) payload.material = 'ADDRESS';
  if (name === 'SIGNER_LOCKED') payload.attempts = 5;
  if (name === 'SIGNING_PROJECT_SEALED') payload.documents = [];
  if (name === 'SIGNING_PROJECT_EXPIRED') payload.expiresAt = '2026-12-31T00:00:00.000Z';
  // A scenario's inbox node: its words per language (the kind's `localised` placeholders) and its run.
  for (const p of Object.keys((def as InboxKindDef).localised ?? {}))
    payload[p] = { en: `Scenario ${p}`, 'zh-CN': `流程${p}` };
  if (name === 'SCENARIO_INBOX_REQUESTED') {
    Object.assign(payload, {
      journeyId: '01J0000000000000000000JRNY',
      scenarioId: '01J00000000000000000000SCN',
      version: 1,
      nodeId: 'notify',
    });
  }
  return { name, payload };
};

/** The event that closes a task of `kind` about `refId` (the first the catalogue names), with its payload. */
export const sampleClosingEvent = (kind: InboxKind, refId: string, userIds: readonly string[]): SampleEvent => {
  const def = INBOX_CATALOGUE[kind];
  const name = def.closes[0] as EventName;
  const payload: Record<string, unknown> = {
    refId,
    userIds: [...userIds],
    ...SAMPLE_VALUES,
    ...(SELECTORS[kind] ?? {}),
  };
  if (name === 'FUNDS_RECEIVED') payload.amount = SAMPLE_VALUES.amount;
  if (name === 'BANK_CHANGE_DECIDED') payload.approved = true;
  return { name, payload };
};
