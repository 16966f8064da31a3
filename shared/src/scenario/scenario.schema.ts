import { IdSchema, IsoDateTimeSchema } from '../common.schema.js';
import type { SUBSCRIPTION_TYPES } from '../enums.js';
import * as z from '../lazy-zod.js';
import { PROFILE_TYPES } from '../profile/profile-enums.js';
import { WORKFLOW_STAGES } from '../subscription/statuses.js';

/**
 * A scenario: the guided journey an investor walks through for one fund, one subscription type and
 * one investor type (issue 13, deliverable 3). It is a graph of the spec's node kinds (spec section 3,
 * "Scenario node kinds"), whose forms use the spec's form elements and field types with MANDATORY /
 * OPTIONAL / HIDDEN. Versions are immutable once published; the published graph is compiled to
 * Amazon States Language (compile.ts) and each subscription's journey is an execution of it.
 * docs/subscriptions.md "Scenario flows".
 */

// ---- Vocabularies (spec section 3 and 2; the enum spellings are ours, the lists are the spec's)

export const NODE_KINDS = [
  'START',
  'FORM',
  'NODE_FORM',
  'STATEMENT',
  'QUESTIONNAIRE',
  'SIGN',
  'VIEW_CUSTODIAN_DOCUMENTS',
  'ROUTER',
  'CHANGE_DB_VALUE',
  'EMAIL',
  'INBOX',
  'END',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Nodes a person completes: each waits for its task token until the result is submitted. */
export const HUMAN_NODE_KINDS = [
  'FORM',
  'NODE_FORM',
  'STATEMENT',
  'QUESTIONNAIRE',
  'SIGN',
  'VIEW_CUSTODIAN_DOCUMENTS',
] as const satisfies readonly NodeKind[];
export type HumanNodeKind = (typeof HUMAN_NODE_KINDS)[number];
/** Nodes the platform runs on its own (a Lambda task each). */
export const SYSTEM_NODE_KINDS = ['CHANGE_DB_VALUE', 'EMAIL', 'INBOX'] as const satisfies readonly NodeKind[];
export type SystemNodeKind = (typeof SYSTEM_NODE_KINDS)[number];

export const isHumanKind = (kind: NodeKind): kind is HumanNodeKind =>
  (HUMAN_NODE_KINDS as readonly string[]).includes(kind);
export const isSystemKind = (kind: NodeKind): kind is SystemNodeKind =>
  (SYSTEM_NODE_KINDS as readonly string[]).includes(kind);

/** Spec section 2, "Scenario form elements", in its order. */
export const FORM_ELEMENTS = [
  'HEADING',
  'PARAGRAPH',
  'INPUT',
  'SELECT',
  'RADIO',
  'CHECKBOX',
  'PHONE',
  'SUBMIT_BUTTON',
  'CHECKBOX_GROUP',
  'RICH_TEXT',
  'TABLE',
  'AMOUNT',
  'REDEMPTION_INFORMATION',
  'PROFILE',
  'AUTOCOMPLETE',
  'AREA_CODE',
  'LABEL',
  'MANDATORY_DOCUMENTS',
] as const;
export type FormElementKind = (typeof FORM_ELEMENTS)[number];

/** Elements that show something and take no value. */
export const DISPLAY_ELEMENTS = [
  'HEADING',
  'PARAGRAPH',
  'RICH_TEXT',
  'LABEL',
  'SUBMIT_BUTTON',
] as const satisfies readonly FormElementKind[];
export const isDisplayElement = (element: FormElementKind): boolean =>
  (DISPLAY_ELEMENTS as readonly string[]).includes(element);

/** Spec section 3, "Form field types", spelled as the spec writes them. */
export const FIELD_TYPES = [
  'label',
  'text',
  'textarea',
  'select',
  'radio-group',
  'checkbox',
  'checkbox-group',
  'date',
  'table',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Spec section 3, "Field requirement level". */
export const REQUIREMENT_LEVELS = ['MANDATORY', 'OPTIONAL', 'HIDDEN'] as const;
export type RequirementLevel = (typeof REQUIREMENT_LEVELS)[number];

/** Spec section 2: whether the investor interacts with the journey or the platform runs it alone. */
export const INTERACTION_MODES = ['INTERACTIONS', 'NO_INTERACTIONS'] as const;
export type InteractionMode = (typeof INTERACTION_MODES)[number];

/** Who completes a human node: the investor, or (through a temp-token link) a joint holder or signatory. */
export const NODE_PARTIES = ['INVESTOR', 'JOINT_HOLDER', 'SIGNATORY'] as const;
export type NodeParty = (typeof NODE_PARTIES)[number];

/** Scenario investor types: the profile types (issue 11). */
export const SCENARIO_INVESTOR_TYPES = PROFILE_TYPES;
export type ScenarioInvestorType = (typeof SCENARIO_INVESTOR_TYPES)[number];

/** Subscription types with an investor journey (Add manually is a paper order, no journey). */
export const SCENARIO_SUBSCRIPTION_TYPES = [
  'EXPRESSED_INTEREST_SUBSCRIPTION',
  'RESERVE_SUBSCRIPTION',
  'INVEST_SUBSCRIPTION',
] as const satisfies readonly (typeof SUBSCRIPTION_TYPES)[number][];
export type ScenarioSubscriptionType = (typeof SCENARIO_SUBSCRIPTION_TYPES)[number];

/**
 * The subscription fields a CHANGE_DB_VALUE node may set, and nothing else (a scenario author must not
 * reach the status, the amount's approval or another record). Value type per field.
 */
export const SUBSCRIPTION_WRITABLE_FIELDS = {
  sourceOfFunds: 'string',
  investorReference: 'string',
  distributionPreference: 'string',
  requiresManualReview: 'boolean',
  riskScore: 'number',
} as const;
export type SubscriptionWritableField = keyof typeof SUBSCRIPTION_WRITABLE_FIELDS;
export const SUBSCRIPTION_WRITABLE_FIELD_NAMES = Object.keys(SUBSCRIPTION_WRITABLE_FIELDS) as [
  SubscriptionWritableField,
  ...SubscriptionWritableField[],
];

/**
 * Where a form field's initial value comes from (prefill, deliverable 6): the investor's verified
 * profile, their previous investment in this fund, or the subscription. The investor confirms it.
 */
export const PREFILL_SOURCES = [
  'profile.displayName',
  'profile.email',
  'profile.phone',
  'profile.countryOfResidence',
  'profile.taxResidency',
  'profile.entityName',
  'previous.amount',
  'previous.sourceOfFunds',
  'previous.distributionPreference',
  'subscription.amount',
  'subscription.currency',
] as const;
export type PrefillSource = (typeof PREFILL_SOURCES)[number];

// ---- Schemas

/** Node, element, option and question ids: also JSONPath segments and ASL state names, so plain. */
export const NodeIdSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'Letters, digits and _; a letter first');
const KeySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'Letters, digits and _; a letter first');
const OptionValueSchema = z.string().min(1).max(100);

export const LabelsSchema = z.object({ en: z.string().min(1).max(2000), 'zh-CN': z.string().min(1).max(2000) });
export type ScenarioLabels = z.infer<typeof LabelsSchema>;

export const OptionSchema = z.object({ value: OptionValueSchema, label: LabelsSchema });

/**
 * Numbers a graph may hold: well inside what DynamoDB stores (38 digits, magnitude below 1e126) and
 * what an amount needs, so a saved graph is never refused by the table.
 */
const GraphNumber = z.number().min(-1e15).max(1e15);

export const ValidatorsSchema = z.strictObject({
  min: GraphNumber.optional(),
  max: GraphNumber.optional(),
  minLength: z.number().int().min(0).max(10000).optional(),
  maxLength: z.number().int().min(1).max(10000).optional(),
  pattern: z.string().min(1).max(200).optional(),
});

export const FormElementSchema = z.strictObject({
  id: KeySchema,
  element: z.enum(FORM_ELEMENTS),
  fieldType: z.enum(FIELD_TYPES).optional(),
  label: LabelsSchema,
  help: LabelsSchema.optional(),
  requirement: z.enum(REQUIREMENT_LEVELS),
  options: z.array(OptionSchema).max(200).optional(),
  columns: z
    .array(z.strictObject({ id: KeySchema, label: LabelsSchema, fieldType: z.enum(['text', 'date', 'select']) }))
    .max(20)
    .optional(),
  validators: ValidatorsSchema.optional(),
  prefill: z.enum(PREFILL_SOURCES).optional(),
});
export type FormElement = z.infer<typeof FormElementSchema>;

export const ConditionSchema = z.strictObject({
  source: z.enum(['RESULT', 'SUBSCRIPTION']),
  nodeId: NodeIdSchema.optional(),
  field: KeySchema,
  op: z.enum(['EQ', 'NEQ', 'GT', 'GTE', 'LT', 'LTE', 'IN', 'PRESENT']),
  value: z.union([z.string().max(200), GraphNumber, z.boolean(), z.array(z.string().max(200)).max(50)]).optional(),
});
export type Condition = z.infer<typeof ConditionSchema>;

const common = {
  id: NodeIdSchema,
  title: LabelsSchema,
  stage: z.enum(WORKFLOW_STAGES).optional(),
  position: z.strictObject({ x: GraphNumber, y: GraphNumber }).optional(),
};
const human = { ...common, party: z.enum(NODE_PARTIES).optional() };

export const ScenarioNodeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...common, kind: z.literal('START') }),
  z.strictObject({ ...human, kind: z.literal('FORM'), elements: z.array(FormElementSchema).min(1).max(60) }),
  z.strictObject({ ...human, kind: z.literal('NODE_FORM'), elements: z.array(FormElementSchema).min(1).max(60) }),
  z.strictObject({
    ...human,
    kind: z.literal('STATEMENT'),
    body: LabelsSchema,
    consents: z
      .array(z.strictObject({ id: KeySchema, label: LabelsSchema }))
      .min(1)
      .max(20),
  }),
  z.strictObject({
    ...human,
    kind: z.literal('QUESTIONNAIRE'),
    questions: z
      .array(
        z.strictObject({
          id: KeySchema,
          label: LabelsSchema,
          multiple: z.boolean(),
          options: z
            .array(
              z.strictObject({
                value: OptionValueSchema,
                label: LabelsSchema,
                score: z.number().int().min(-1000).max(1000),
              }),
            )
            .min(2)
            .max(20),
        }),
      )
      .min(1)
      .max(100),
    passMark: z.number().int().min(0).max(100000),
  }),
  z.strictObject({
    ...human,
    kind: z.literal('SIGN'),
    templateId: IdSchema.optional(),
    documentTitle: LabelsSchema,
    signers: z
      .array(z.enum(['INVESTOR', 'JOINT_HOLDERS', 'SIGNATORIES']))
      .min(1)
      .max(3),
  }),
  z.strictObject({
    ...human,
    kind: z.literal('VIEW_CUSTODIAN_DOCUMENTS'),
    documents: z
      .array(z.strictObject({ fileName: z.string().min(1).max(200).optional(), title: LabelsSchema }))
      .max(50),
    confirm: LabelsSchema,
  }),
  z.strictObject({
    ...common,
    kind: z.literal('ROUTER'),
    branches: z
      .array(z.strictObject({ id: KeySchema, to: NodeIdSchema, when: ConditionSchema }))
      .min(1)
      .max(20),
    otherwise: NodeIdSchema.optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('CHANGE_DB_VALUE'),
    field: z.string().min(1).max(40),
    value: z.union([
      z.string().max(500),
      GraphNumber,
      z.boolean(),
      z.strictObject({ fromResult: z.strictObject({ nodeId: NodeIdSchema, field: KeySchema }) }),
    ]),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('EMAIL'),
    to: z.enum(['INVESTOR', 'GP_TEAM']),
    subject: LabelsSchema,
    body: LabelsSchema,
  }),
  z.strictObject({
    ...common,
    kind: z.literal('INBOX'),
    to: z.enum(['INVESTOR', 'GP_TEAM']),
    body: LabelsSchema,
  }),
  z.strictObject({ ...common, kind: z.literal('END') }),
]);
export type ScenarioNode = z.infer<typeof ScenarioNodeSchema>;
export type NodeOfKind<K extends NodeKind> = Extract<ScenarioNode, { kind: K }>;

export const EdgeSchema = z.strictObject({ id: KeySchema, from: NodeIdSchema, to: NodeIdSchema });
export type ScenarioEdge = z.infer<typeof EdgeSchema>;

/** At most 200 nodes: a journey a person walks through, and one DynamoDB item well under 400 KB. */
export const ScenarioGraphSchema = z.strictObject({
  interactionMode: z.enum(INTERACTION_MODES),
  nodes: z.array(ScenarioNodeSchema).min(1).max(200),
  edges: z.array(EdgeSchema).max(400),
});
export type ScenarioGraph = z.infer<typeof ScenarioGraphSchema>;

/** One problem that blocks publishing, naming the node (or edge) to fix. */
export const ScenarioIssueSchema = z.object({
  rule: z.string(),
  nodeId: z.string().optional(),
  edgeId: z.string().optional(),
  message: z.string(),
});
export type ScenarioIssue = z.infer<typeof ScenarioIssueSchema>;

// ---- API shapes

/** A fund's id in a path (the product schema's own would bring the whole product module into each bundle). */
export const ProductScenariosParamsSchema = z.strictObject({ productId: IdSchema });
export const ScenarioIdParamsSchema = z.strictObject({ scenarioId: IdSchema });
/** Which version to read: digits (the handler reads it as a number). */
export const ScenarioVersionQuerySchema = z.strictObject({
  version: z.string().regex(/^[1-9][0-9]{0,5}$/, 'A version number'),
});

export const SCENARIO_VERSION_STATES = ['DRAFT', 'PUBLISHED'] as const;

export const ScenarioSummarySchema = z.object({
  scenarioId: IdSchema,
  productId: z.string(),
  subscriptionType: z.enum(SCENARIO_SUBSCRIPTION_TYPES),
  investorType: z.enum(SCENARIO_INVESTOR_TYPES),
  draftVersion: z.number().int().optional(),
  publishedVersion: z.number().int().optional(),
  updatedAt: IsoDateTimeSchema,
});
export type ScenarioSummary = z.infer<typeof ScenarioSummarySchema>;
export const ScenarioListSchema = z.object({ items: z.array(ScenarioSummarySchema) });

export const ScenarioVersionSummarySchema = z.object({
  scenarioId: IdSchema,
  version: z.number().int(),
  state: z.enum(SCENARIO_VERSION_STATES),
  savedAt: IsoDateTimeSchema,
  publishedAt: IsoDateTimeSchema.optional(),
});
export const ScenarioVersionListSchema = z.object({ items: z.array(ScenarioVersionSummarySchema) });
export const ScenarioVersionSchema = ScenarioVersionSummarySchema.extend({ graph: ScenarioGraphSchema });
export type ScenarioVersion = z.infer<typeof ScenarioVersionSchema>;

export const SaveScenarioDraftSchema = z.strictObject({
  graph: ScenarioGraphSchema,
  /** The draft version the editor loaded: a save over someone else's newer draft is a VERSION_CONFLICT. */
  baseVersion: z.number().int().min(1).optional(),
});
export const ValidateScenarioSchema = z.strictObject({ graph: ScenarioGraphSchema });
export const ScenarioValidationSchema = z.object({ valid: z.boolean(), issues: z.array(ScenarioIssueSchema) });
export const PublishScenarioSchema = z.strictObject({ version: z.number().int().min(1) });
export const PublishedScenarioSchema = z.object({
  scenarioId: IdSchema,
  version: z.number().int(),
  publishedAt: IsoDateTimeSchema,
  stateMachineArn: z.string(),
});
export const CreateScenarioSchema = z.strictObject({
  subscriptionType: z.enum(SCENARIO_SUBSCRIPTION_TYPES),
  investorType: z.enum(SCENARIO_INVESTOR_TYPES),
  /** Copy this version; absent: the built-in default for the type pair. */
  from: z.strictObject({ scenarioId: IdSchema, version: z.number().int().min(1) }).optional(),
});

export const CustomFieldCatalogueSchema = z.object({
  nodeKinds: z.array(z.enum(NODE_KINDS)),
  elements: z.array(
    z.object({ element: z.enum(FORM_ELEMENTS), display: z.boolean(), fieldTypes: z.array(z.enum(FIELD_TYPES)) }),
  ),
  fieldTypes: z.array(z.enum(FIELD_TYPES)),
  requirementLevels: z.array(z.enum(REQUIREMENT_LEVELS)),
  interactionModes: z.array(z.enum(INTERACTION_MODES)),
  prefillSources: z.array(z.enum(PREFILL_SOURCES)),
  writableFields: z.array(z.object({ field: z.string(), valueType: z.enum(['string', 'number', 'boolean']) })),
});

// ---- Runner shapes

export const SubscriptionIdQuerySchema = z.object({ subscriptionId: IdSchema });
export const NodeQuerySchema = z.object({ subscriptionId: IdSchema, nodeId: NodeIdSchema });

/** A submitted value: what the form elements produce (form-check.ts judges it per element). */
export const FieldValueSchema = z.union([
  z.string().max(10000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(500)).max(200),
  z.array(z.record(z.string().max(40), z.string().max(2000))).max(200),
  z.null(),
]);
export const NodeValuesSchema = z.record(z.string().max(40), FieldValueSchema);
export type NodeValues = z.infer<typeof NodeValuesSchema>;

export const SubmitNodeResultSchema = z.strictObject({
  subscriptionId: IdSchema,
  nodeId: NodeIdSchema,
  values: NodeValuesSchema,
  /** Save and exit: keep the values as a draft, do not advance. */
  draft: z.boolean().optional(),
});
export const DeleteNodeResultSchema = z.strictObject({ subscriptionId: IdSchema, nodeId: NodeIdSchema });
export const SurveyAnswersSchema = z.strictObject({
  subscriptionId: IdSchema,
  nodeId: NodeIdSchema,
  answers: z.record(z.string().max(40), z.array(OptionValueSchema).max(20)),
});

export const JOURNEY_STATUSES = ['NOT_STARTED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type JourneyStatus = (typeof JOURNEY_STATUSES)[number];

export const ProgressSchema = z.object({
  status: z.enum(JOURNEY_STATUSES),
  done: z.number().int(),
  total: z.number().int(),
  currentNodeId: z.string().optional(),
});
export type Progress = z.infer<typeof ProgressSchema>;

/** A node as the investor sees it: questionnaire scores and the pass mark are never sent. */
export const NodeViewSchema = z.looseObject({ id: z.string(), kind: z.enum(NODE_KINDS), title: LabelsSchema });
export type NodeView = z.infer<typeof NodeViewSchema>;

export const CurrentNodeSchema = z.object({
  subscriptionId: IdSchema,
  node: NodeViewSchema.nullable(),
  prefill: NodeValuesSchema,
  draft: NodeValuesSchema.optional(),
  progress: ProgressSchema,
});
export type CurrentNode = z.infer<typeof CurrentNodeSchema>;

export const NodeResultSchema = z.object({
  nodeId: z.string(),
  kind: z.enum(NODE_KINDS),
  state: z.enum(['DRAFT', 'DONE', 'FAILED']),
  values: NodeValuesSchema,
  at: IsoDateTimeSchema,
});
export type NodeResult = z.infer<typeof NodeResultSchema>;
export const NodeResultListSchema = z.object({ items: z.array(NodeResultSchema) });

export const FullScenarioSchema = z.object({
  subscriptionId: IdSchema,
  scenarioId: IdSchema,
  version: z.number().int(),
  interactionMode: z.enum(INTERACTION_MODES),
  nodes: z.array(NodeViewSchema),
  edges: z.array(EdgeSchema),
  results: z.array(NodeResultSchema),
  progress: ProgressSchema,
});

export const SubmitNodeAnswerSchema = z.object({
  saved: z.literal(true),
  draft: z.boolean(),
  next: CurrentNodeSchema,
});

export const QuestionnaireViewSchema = z.object({
  subscriptionId: IdSchema,
  nodeId: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      label: LabelsSchema,
      multiple: z.boolean(),
      options: z.array(z.object({ value: z.string(), label: LabelsSchema })),
    }),
  ),
  answers: z.record(z.string(), z.array(z.string())).optional(),
});
export const ClearedSchema = z.object({ cleared: z.literal(true) });

export const TempTokenSchema = z.strictObject({ token: z.string().min(20).max(200) });
export const TempTokenSubmitSchema = z.strictObject({ token: z.string().min(20).max(200), values: NodeValuesSchema });
export const TempTokenViewSchema = z.object({
  subscriptionId: IdSchema,
  party: z.enum(NODE_PARTIES),
  node: NodeViewSchema,
  /**
   * A sign node: the co-signer's signer of the agreement's e-signature project and a signing link token
   * for it (header x-signing-link of the /sign routes); `state` PREPARING while it is being made.
   */
  signing: z
    .object({
      state: z.enum(['PREPARING', 'SENT', 'COMPLETED', 'DECLINED', 'VOIDED', 'EXPIRED']),
      projectId: z.string().optional(),
      signerId: z.string().optional(),
      signed: z.boolean().optional(),
      link: z.string().optional(),
    })
    .optional(),
  expiresAt: IsoDateTimeSchema,
});
export const TempTokenSubmittedSchema = z.object({ saved: z.literal(true) });

export const ScenarioSubscriptionTypeSchema = z.enum(SCENARIO_SUBSCRIPTION_TYPES);
