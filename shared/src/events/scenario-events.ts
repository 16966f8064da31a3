import * as z from '../lazy-zod.js';

/**
 * The scenario flows' events (issue 13, docs/subscriptions.md "Scenario flows"), spread into
 * EVENT_CATALOGUE. A journey's events are about the subscription (its audit trail tells the whole
 * journey: which node opened, what was answered, where the investor went back); a scenario version's
 * are about the tenant (funds' and default scenarios alike). Payloads name the subscription as
 * `refId`. Plain strings here: this module must not import the scenario module, which imports zod
 * schemas of its own.
 */
const Id = z.string().min(1).max(64);
const NodeId = z.string().min(1).max(40);
const Kind = z.string().min(1).max(40);
const Text = z.object({ en: z.string().min(1).max(4000), 'zh-CN': z.string().min(1).max(4000) });

const journey = <T extends z.ZodRawShape>(fields: T = {} as T) =>
  z.looseObject({ refId: Id, journeyId: Id, scenarioId: Id, version: z.number().int().min(1), ...fields });

export const SCENARIO_EVENTS_CATALOGUE = {
  /** A manager saved a draft version of a scenario (a fund's, or the tenant's default). */
  SCENARIO_DRAFT_SAVED: {
    subject: 'tenant',
    version: 1,
    payload: z.looseObject({ scenarioId: Id, productId: Id, version: z.number().int().min(1) }),
  },
  /** A version passed validation, was compiled and its state machine created: new journeys run it. */
  SCENARIO_PUBLISHED: {
    subject: 'tenant',
    version: 1,
    payload: z.looseObject({
      scenarioId: Id,
      productId: Id,
      version: z.number().int().min(1),
      stateMachineArn: z.string().min(1).max(300),
    }),
  },
  /** A subscription's journey started (or restarted after "back": `resumeAt` names the node). */
  SCENARIO_JOURNEY_STARTED: {
    subject: 'subscription',
    version: 1,
    // `replacedExecutionArn`: the run of another journey type this one replaced (an interest converted
    // to an investment), for the journey worker to stop.
    payload: journey({ resumeAt: NodeId.optional(), replacedExecutionArn: z.string().min(1).max(2048).optional() }),
  },
  /** A human node waits for its result (the investor's, or a joint holder's or signatory's). */
  SCENARIO_NODE_OPENED: {
    subject: 'subscription',
    version: 1,
    payload: journey({ nodeId: NodeId, kind: Kind, party: Kind, stage: Kind.optional() }),
  },
  /** A node's result was accepted and the execution moved on. */
  SCENARIO_NODE_COMPLETED: {
    subject: 'subscription',
    version: 1,
    payload: journey({ nodeId: NodeId, kind: Kind, score: z.number().optional() }),
  },
  /** The investor went back to a done node: its result and every later one are drafts again. */
  SCENARIO_JOURNEY_REWOUND: {
    subject: 'subscription',
    version: 1,
    // `voidProjectId`: the replaced run's agreement project still out for signing, for the journey
    // worker to void; `resetBy` and `reason` when a manager reset the step.
    payload: journey({
      nodeId: NodeId,
      reopened: z.array(NodeId).max(200),
      voidProjectId: Id.optional(),
      resetBy: Id.optional(),
      reason: z.string().min(1).max(1000).optional(),
    }),
  },
  /** The journey reached an end node: the investor may now prepare the submission. */
  SCENARIO_JOURNEY_COMPLETED: { subject: 'subscription', version: 1, payload: journey({ nodeId: NodeId }) },
  /** A questionnaire scored below its pass mark (SCENARIO_NOT_PASSED): the journey ended there. */
  SCENARIO_NOT_PASSED: {
    subject: 'subscription',
    version: 1,
    payload: journey({ nodeId: NodeId, score: z.number(), passMark: z.number() }),
  },
  /** A change-DB-value node set one of the declared subscription fields. */
  SCENARIO_FIELD_CHANGED: {
    subject: 'subscription',
    version: 1,
    payload: journey({
      nodeId: NodeId,
      field: z.string().min(1).max(40),
      value: z.union([z.string(), z.number(), z.boolean()]),
    }),
  },
  /** An email node: the consumer mails the recipients (the investor or the fund's team). */
  SCENARIO_EMAIL_REQUESTED: {
    subject: 'subscription',
    version: 1,
    payload: journey({
      nodeId: NodeId,
      to: z.enum(['INVESTOR', 'GP_TEAM']),
      subject: Text,
      body: Text,
      userIds: z.array(Id).max(500),
    }),
  },
  /**
   * The investor or the team asked for a fresh temp-token link for one party of a waiting node
   * (gateway-contacts/v2): the old link is already revoked; the links' consumer emails the new one.
   */
  SCENARIO_LINK_RESEND_REQUESTED: {
    subject: 'subscription',
    version: 1,
    payload: journey({ nodeId: NodeId, party: Kind, personId: Id, requestedBy: Id }),
  },
  /** An inbox node: a message in the recipients' inbox. */
  SCENARIO_INBOX_REQUESTED: {
    subject: 'subscription',
    version: 1,
    payload: journey({
      nodeId: NodeId,
      to: z.enum(['INVESTOR', 'GP_TEAM']),
      title: Text,
      body: Text,
      userIds: z.array(Id).max(500),
    }),
  },
} as const;
