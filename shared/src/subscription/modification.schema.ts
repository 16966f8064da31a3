import { IdSchema, IsoDateTimeSchema, safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import {
  FieldValueSchema,
  LabelsSchema,
  NODE_KINDS,
  NodeIdSchema,
  NodeValuesSchema,
  NodeViewSchema,
} from '../scenario/scenario.schema.js';

/**
 * The modification paths (issue 13, deliverable 9; spec section 7 "Subscription modification":
 * /subscription/{subscriptionId}/modification, /confirm, /previous, /discard, /node and /snapshot-data)
 * and the manager's tools on a journey. The spec names the paths only: every shape here is ours
 * (docs/subscriptions.md "Modification").
 */

const AnswerValueSchema = FieldValueSchema.nullable();

/** A labelled answer of a form step. */
export const FieldAnswerSchema = z.object({ elementId: z.string(), label: LabelsSchema, value: AnswerValueSchema });

/** One field an amendment changes, before -> after. */
export const FieldChangeSchema = z.object({
  elementId: z.string(),
  label: LabelsSchema,
  before: AnswerValueSchema,
  after: AnswerValueSchema,
});
export type FieldChangeView = z.infer<typeof FieldChangeSchema>;

/** A step of an open modification: the form as the investor sees it, the submitted answers, the new ones. */
export const ModificationNodeSchema = z.object({
  nodeId: z.string(),
  node: NodeViewSchema,
  before: NodeValuesSchema,
  /** Present once the investor re-answered the step with something different. */
  after: NodeValuesSchema.optional(),
  changes: z.array(FieldChangeSchema),
});

export const ModificationSchema = z.object({
  modificationId: IdSchema,
  subscriptionId: IdSchema,
  /** The subscription's version the snapshot was taken at. */
  baseVersion: z.number().int(),
  startedAt: IsoDateTimeSchema,
  nodes: z.array(ModificationNodeSchema),
});
export type Modification = z.infer<typeof ModificationSchema>;

/** GET modification: the open one, or null when none is open. */
export const OpenModificationSchema = z.object({ modification: ModificationSchema.nullable() });

export const StartModificationSchema = z.strictObject({
  /** The subscription's version the investor read: a change made meanwhile is 409 VERSION_CONFLICT. */
  version: z.number().int().min(1),
});

export const ModificationNodeAnswerSchema = z.strictObject({ nodeId: NodeIdSchema, values: NodeValuesSchema });

export const ConfirmModificationSchema = z.strictObject({
  version: z.number().int().min(1),
  /** What the investor tells the manager about the change (optional). */
  note: safeText({ max: 1000, multiline: true }).optional(),
});

export const DiscardedModificationSchema = z.object({ discarded: z.literal(true) });

/** A confirmed amendment: what changed, for the investor and the manager. */
export const AmendmentSchema = z.object({
  amendmentId: IdSchema,
  at: IsoDateTimeSchema,
  by: z.string(),
  note: z.string().optional(),
  amount: z.object({ before: z.string().optional(), after: z.string() }).optional(),
  nodes: z.array(z.object({ nodeId: z.string(), title: LabelsSchema, changes: z.array(FieldChangeSchema) })),
});
export type Amendment = z.infer<typeof AmendmentSchema>;
export const AmendmentListSchema = z.object({ items: z.array(AmendmentSchema) });

/** The submitted answers: each done form step with its labelled fields (the snapshot while a modification is open). */
export const SnapshotDataSchema = z.object({
  subscriptionId: IdSchema,
  /** JOURNEY: the journey's answers now; MODIFICATION: the snapshot the open modification started from. */
  source: z.enum(['JOURNEY', 'MODIFICATION', 'NONE']),
  nodes: z.array(
    z.object({
      nodeId: z.string(),
      kind: z.enum(NODE_KINDS),
      title: LabelsSchema,
      at: IsoDateTimeSchema.optional(),
      fields: z.array(FieldAnswerSchema),
    }),
  ),
});
export type SnapshotData = z.infer<typeof SnapshotDataSchema>;

/** The manager resets a step of an investor's journey (/biteflow/delete-scenario-node-result). */
export const ResetNodeResultSchema = z.strictObject({
  subscriptionId: IdSchema,
  nodeId: NodeIdSchema,
  /** Why: the investor reads it on the step. */
  reason: safeText({ max: 500, multiline: true }),
});
