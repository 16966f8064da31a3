import { defineLifecycle } from '../lifecycle/lifecycle.js';
import type { TaskStatus } from './kinds.js';

/**
 * A task's lifecycle (docs/inbox.md "Tasks"). One task may be shared by several assignees; the task
 * item holds one status for all of them, and the first COMPLETE or DECIDE moves it to DONE, so every
 * later action finds a terminal state and is refused with TASK_CLOSED ("This task has been completed
 * by someone else."). CLOSE is the system's: the domain event that makes the task moot (the funds
 * arrived, the subscription was rejected) closes it for everyone.
 *
 * Who may act by account type is the kind's (catalogue.ts `actors`) and is checked before the
 * lifecycle (NO_OPERATION_PERMISSION); here the actor is only whether a person or the system acts.
 */
export const TASK_EVENTS = ['START', 'COMPLETE', 'DECIDE', 'CLOSE'] as const;
export type TaskEvent = (typeof TASK_EVENTS)[number];
export type TaskActor = 'ASSIGNEE' | 'SYSTEM';

/** What the guards need: whether the kind is decided (approve or reject) rather than completed. */
export interface TaskGuardContext {
  approval: boolean;
}

export const TASK_LIFECYCLE = defineLifecycle<TaskStatus, TaskEvent, TaskActor, TaskGuardContext>({
  name: 'task',
  states: ['OPEN', 'IN_PROGRESS', 'DONE', 'CLOSED'],
  events: TASK_EVENTS,
  initial: ['OPEN'],
  terminal: ['DONE', 'CLOSED'],
  transitions: {
    OPEN: { START: 'IN_PROGRESS', COMPLETE: 'DONE', DECIDE: 'DONE', CLOSE: 'CLOSED' },
    IN_PROGRESS: { COMPLETE: 'DONE', DECIDE: 'DONE', CLOSE: 'CLOSED' },
    DONE: {},
    CLOSED: {},
  },
  actors: {
    START: ['ASSIGNEE'],
    COMPLETE: ['ASSIGNEE'],
    DECIDE: ['ASSIGNEE'],
    CLOSE: ['SYSTEM'],
  },
  guards: {
    // An approval is a decision with consequences (TASK_DECIDED): it goes through notice-task-approval.
    COMPLETE: (ctx) => (ctx.approval ? 'ILLEGAL_TASK' : undefined),
    DECIDE: (ctx) => (ctx.approval ? undefined : 'ILLEGAL_TASK'),
  },
  // Spec §4: a task someone else already completed is reported as closed.
  refusals: { START: 'TASK_CLOSED', COMPLETE: 'TASK_CLOSED', DECIDE: 'TASK_CLOSED', CLOSE: 'TASK_CLOSED' },
});

/**
 * The status one assignee sees: a task another assignee did is CLOSED for everyone else (spec §4
 * "A task already completed by someone else is reported as closed").
 */
export const viewStatus = (status: TaskStatus, doneBy: string | undefined, userId: string): TaskStatus =>
  status === 'DONE' && doneBy !== userId ? 'CLOSED' : status;
