import { IdSchema, IsoDateTimeSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { INBOX_KINDS, MESSAGE_CATEGORIES, TASK_ACTIONS, TASK_FILTERS, TASK_STATUSES } from './kinds.js';

/**
 * The inbox and task API (spec §7 "Inbox" and "Tasks", docs/inbox.md). Every answer is about the
 * signed-in user: a message or task of another user or tenant is 404, never 403.
 */

/** `?unread=true|false`: query strings carry text, so the flag is parsed, not coerced (`'false'` is false). */
const BooleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** /user-center/get-in-box-message: newest first, filtered. */
export const InboxQuerySchema = PageQuerySchema.extend({
  /** Spec §2 task list filters; common messages are listed under ALL only. Default ALL. */
  status: z.enum(TASK_FILTERS).optional(),
  category: z.enum(MESSAGE_CATEGORIES).optional(),
  unread: BooleanQuery.optional(),
  /** Words searched in the title and body (either language), case-insensitive. */
  q: safeText({ max: 100 }).optional(),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

/** /tasks/query-tasks: the user's tasks, newest first. Default status ALL. */
export const TaskQuerySchema = PageQuerySchema.extend({
  status: z.enum(TASK_FILTERS).optional(),
  kind: z.enum(INBOX_KINDS).optional(),
});
export type TaskQuery = z.infer<typeof TaskQuerySchema>;

/** What the task's action button does: its label key and text, and the portal page it opens. */
export const TaskActionViewSchema = z.object({
  action: z.enum(TASK_ACTIONS),
  /** The label in the request's language (spec §2 "Task action labels"). */
  label: z.string(),
  /** Portal path below the tenant's base (no prefix, no host): `/investments/<id>`. */
  path: z.string(),
});
export type TaskActionView = z.infer<typeof TaskActionViewSchema>;

/** The task side of a TASK_MESSAGE, as the signed-in user sees it. */
export const TaskViewSchema = z.object({
  taskId: IdSchema,
  /** This user's view: CLOSED when someone else did it or the closing event came first. */
  status: z.enum(TASK_STATUSES),
  /** Set when status is CLOSED because another assignee completed it (spec §4). */
  completedBySomeoneElse: z.boolean(),
  dueAt: IsoDateTimeSchema.optional(),
  /** A capital call due within 2 days, still open. */
  urgent: z.boolean(),
  /** How many users share the task (entity members, the GP admins). */
  assigneeCount: z.number().int().min(1),
  /** Whether this user's account type may act on this kind (NO_OPERATION_PERMISSION otherwise). */
  mayAct: z.boolean(),
  /** An approval task is decided through /tasks/notice-task-approval, any other through POST /tasks/{id}. */
  needsDecision: z.boolean(),
  /** Present once decided: what the approver chose. */
  decision: z.enum(['APPROVED', 'REJECTED']).optional(),
  completedAt: IsoDateTimeSchema.optional(),
});
export type TaskView = z.infer<typeof TaskViewSchema>;

/** One inbox entry: a common message, or a task message (then `task` is present). */
export const InboxMessageSchema = z.object({
  messageId: IdSchema,
  kind: z.enum(INBOX_KINDS),
  category: z.enum(MESSAGE_CATEGORIES),
  /** Rendered in the request's language from the catalogue and `params`. */
  title: z.string(),
  body: z.string(),
  /** The placeholders' values, so a client can render the catalogue's text in another language. */
  params: z.record(z.string(), z.string()),
  createdAt: IsoDateTimeSchema,
  read: z.boolean(),
  readAt: IsoDateTimeSchema.optional(),
  action: TaskActionViewSchema.optional(),
  task: TaskViewSchema.optional(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const InboxPageSchema = pageOf(InboxMessageSchema);
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const UnreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** Most ids one mark-as-read takes: each is a conditional write in one transaction. */
export const MARK_READ_MAX = 50;

/**
 * /user-center/read-in-box-message: the given messages (a page's selection), or `all` of the user's
 * unread ones. Exactly one of the two. Marking a read message again changes nothing.
 */
export const MarkReadSchema = z
  .strictObject({
    messageIds: z.array(IdSchema).min(1).max(MARK_READ_MAX).optional(),
    all: z.literal(true).optional(),
  })
  .refine((v) => (v.messageIds === undefined) !== (v.all === undefined), {
    message: 'Give either messageIds or all, not both',
    path: ['messageIds'],
  });
export type MarkRead = z.infer<typeof MarkReadSchema>;

/** What is left unread after marking. */
export const MarkReadResultSchema = z.object({ count: z.number().int().min(0), marked: z.number().int().min(0) });
export type MarkReadResult = z.infer<typeof MarkReadResultSchema>;

/** /user-center/banner-in-box-message: the one message needing attention now, if any. */
export const BannerSchema = z.object({ message: InboxMessageSchema.nullable() });
export type Banner = z.infer<typeof BannerSchema>;

export const MessageIdParamsSchema = z.object({ id: IdSchema });
export const TaskIdParamsSchema = z.object({ id: IdSchema });

/**
 * POST /tasks/{id}: START marks it in progress (for everyone who shares it), COMPLETE does it. The
 * first COMPLETE wins; every later one is TASK_CLOSED.
 */
export const ActOnTaskSchema = z.strictObject({ action: z.enum(['START', 'COMPLETE']) });
export type ActOnTask = z.infer<typeof ActOnTaskSchema>;

/** /tasks/notice-task-approval: the manager's decision on an approval task. */
export const TaskApprovalSchema = z.strictObject({
  taskId: IdSchema,
  decision: z.enum(['APPROVED', 'REJECTED']),
  /** Shown to the investor with a rejection or request for changes. */
  comment: safeText({ max: 1000, multiline: true }).optional(),
});
export type TaskApproval = z.infer<typeof TaskApprovalSchema>;

/** /task-subscription-file?taskId=: the subscription files a task is about. */
export const TaskFilesQuerySchema = z.strictObject({ taskId: IdSchema });
export const TaskFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  /** What the file is to the task: to read, to sign, or a document the user is asked to provide. */
  role: z.enum(['READ', 'SIGN', 'PROVIDE']),
});
export const TaskFilesSchema = z.object({ taskId: IdSchema, files: z.array(TaskFileSchema) });
export type TaskFiles = z.infer<typeof TaskFilesSchema>;

/** /lp/activities/add: what the investor viewed or did, for the manager's CRM. */
export const ACTIVITY_ACTIONS = [
  'VIEW_PRODUCT',
  'VIEW_DOCUMENT',
  'DOWNLOAD_DOCUMENT',
  'VIEW_MESSAGE',
  'VIEW_TASK',
  'OPEN_TASK_ACTION',
  'VIEW_DASHBOARD',
  'VIEW_POLICY',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const AddActivitySchema = z.strictObject({
  action: z.enum(ACTIVITY_ACTIONS),
  /** The record it was about: a product, document, message or task id. */
  subjectId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be an id')
    .optional(),
  /** The portal page, below the tenant's base: `/products/<id>`. */
  path: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/, 'Must be a portal path starting with /')
    .optional(),
});
export type AddActivity = z.infer<typeof AddActivitySchema>;
export const ActivityRecordedSchema = z.object({ activityId: IdSchema });

/**
 * The local stack's test event (never deployed): POST /_local/inbox/test-task gives one shared task
 * to the named users of one tenant, through a domain event and its consumer, as a later issue's
 * event will (docs/inbox.md "Test events").
 */
export const LocalTestTaskSchema = z.strictObject({
  /** The tenant's prefix; the default is the tenant served on localhost. */
  tenantPrefix: z.string().optional(),
  emails: z.array(z.string()).min(1).max(20),
  kind: z.enum(INBOX_KINDS).optional(),
});
export type LocalTestTask = z.infer<typeof LocalTestTaskSchema>;
