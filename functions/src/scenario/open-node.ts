import * as z from 'zod';
import { newId } from '#lib/ids';
import { nowActor, openNode } from './journey.service.js';
import { parseStepInput, StepInputSchema } from './step-input.js';

/**
 * Scenario task (human nodes, `arn:aws:states:::lambda:invoke.waitForTaskToken`): records the node
 * as the journey's current one with its task token; the execution then waits until the API sends the
 * node's result (submit-node-result, the survey routes or a temp-token link).
 */
const Schema = StepInputSchema.extend({ taskToken: z.string().min(1).max(2048) });

export const handler = async (event: unknown): Promise<{ opened: string }> => {
  const input = parseStepInput(Schema, event);
  await openNode(nowActor(input.tenantId, newId()), input);
  return { opened: input.nodeId };
};
