import { IdSchema, IsoDateTimeSchema } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { LabelsSchema, NodeIdSchema } from './scenario.schema.js';

/**
 * A journey's parties and its contract documents (issue 13; docs/subscriptions.md "Contacts, contract
 * documents, inbox nodes"). The spec names the paths only: every shape here is ours.
 */

// ---- gateway-contacts (v1: read) and gateway-contacts/v2 (resend one party's link)

/**
 * A party's link at a node. PENDING: the node waits and the link is being made (the links' consumer
 * has not sent it yet); SENT; OPENED (the person opened their link); COMPLETED (they did their part);
 * EXPIRED (past its 7 days, or the journey moved on without their part: a new run sends new links).
 */
export const LINK_STATES = ['PENDING', 'SENT', 'OPENED', 'COMPLETED', 'EXPIRED'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const GatewayContactsQuerySchema = z.strictObject({
  subscriptionId: IdSchema,
  /** A node of the journey's scenario; absent: the node the journey waits at now. */
  nodeId: NodeIdSchema.optional(),
});

export const GatewayContactSchema = z.object({
  personId: IdSchema,
  name: z.string(),
  /** Where the link goes, for the investor and the team to recognise (their own profile's people). */
  email: z.string(),
  party: z.enum(['JOINT_HOLDER', 'SIGNATORY']),
  state: z.enum(LINK_STATES),
  sentAt: IsoDateTimeSchema.optional(),
  openedAt: IsoDateTimeSchema.optional(),
  completedAt: IsoDateTimeSchema.optional(),
  expiresAt: IsoDateTimeSchema.optional(),
  /** Links sent to this person for this run of the node (a resend adds one). */
  sends: z.number().int().min(0),
  /** Whether gateway-contacts/v2 would send them a fresh link now. */
  canResend: z.boolean(),
});
export type GatewayContact = z.infer<typeof GatewayContactSchema>;

export const GatewayContactsSchema = z.object({
  subscriptionId: IdSchema,
  /** The node read (null: the journey waits at no node now). */
  nodeId: NodeIdSchema.nullable(),
  nodeTitle: LabelsSchema.optional(),
  /** The journey waits at this node now (resends are possible only then). */
  waiting: z.boolean(),
  /** Whom the node asks besides the investor (empty: the investor's own step, nobody else's). */
  parties: z.array(z.enum(['JOINT_HOLDER', 'SIGNATORY'])),
  /** Parties done out of parties asked, the manager's one-line progress. */
  progress: z.object({ completed: z.number().int().min(0), total: z.number().int().min(0) }),
  contacts: z.array(GatewayContactSchema),
});
export type GatewayContacts = z.infer<typeof GatewayContactsSchema>;

export const ResendLinkSchema = z.strictObject({
  subscriptionId: IdSchema,
  nodeId: NodeIdSchema,
  personId: IdSchema,
});
export type ResendLink = z.infer<typeof ResendLinkSchema>;

export const ResendLinkResultSchema = z.object({
  subscriptionId: IdSchema,
  nodeId: NodeIdSchema,
  personId: IdSchema,
  /** The old link is dead now; the new one is on its way (PENDING until the email is sent). */
  state: z.literal('PENDING'),
  requestedAt: IsoDateTimeSchema,
});

// ---- gateway-contract-documents/data

export const CONTRACT_DOCUMENT_SOURCES = ['AGREEMENT', 'MANDATORY', 'CUSTODIAN'] as const;

export const ContractDocumentsParamsSchema = z.strictObject({ scenarioId: IdSchema });
export const ContractDocumentsQuerySchema = z.strictObject({
  /**
   * The subscription whose journey runs this scenario: its fund, its investor's documents and what they
   * acknowledged. Required of an investor (their own); optional for the team.
   */
  subscriptionId: IdSchema.optional(),
});

export const ContractDocumentSchema = z.object({
  /** AGREEMENT: the fund's agreement (product contract); MANDATORY: the tenant's list for this investor type; CUSTODIAN: a "view custodian documents" node's. */
  source: z.enum(CONTRACT_DOCUMENT_SOURCES),
  /** The product document, when the document is one of the fund's files. */
  documentId: IdSchema.optional(),
  /** The mandatory document's key. */
  docKey: z.string().optional(),
  /** In the reader's language (English when that language has none). */
  name: z.string(),
  /** The product document's kind, or MANDATORY / CUSTODIAN. */
  kind: z.string(),
  contentType: z.string().optional(),
  size: z.number().int().min(0).optional(),
  /** The nodes that show or sign it (SIGN, VIEW_CUSTODIAN_DOCUMENTS), in graph order. */
  nodeIds: z.array(NodeIdSchema),
  /** The existing route that downloads it (a GET answering a short-lived link), when there is a file. */
  download: z.string().optional(),
  /** With a subscription: when its investor acknowledged it (the node done), signed it, or uploaded it. */
  acknowledgedAt: IsoDateTimeSchema.optional(),
});
export type ContractDocument = z.infer<typeof ContractDocumentSchema>;

export const ContractDocumentsSchema = z.object({
  scenarioId: IdSchema,
  investorType: z.string(),
  /** The fund whose documents these are (absent: a default scenario read without a subscription). */
  productId: IdSchema.optional(),
  subscriptionId: IdSchema.optional(),
  items: z.array(ContractDocumentSchema),
});
export type ContractDocuments = z.infer<typeof ContractDocumentsSchema>;
