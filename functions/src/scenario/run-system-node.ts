import * as z from 'zod';
import { newId } from '#lib/ids';
import { nowActor, runSystemNode } from './journey.service.js';
import { parseStepInput, StepInputSchema } from './step-input.js';

/**
 * Scenario task (system nodes, `arn:aws:states:::lambda:invoke`): changes a declared subscription
 * field or asks for an email or inbox message (domain events; their consumers deliver them).
 */
const Schema = StepInputSchema.extend({ results: z.record(z.string(), z.record(z.string(), z.unknown())).optional() });

export const handler = async (event: unknown): Promise<{ ran: string }> => {
  const input = parseStepInput(Schema, event);
  await runSystemNode(nowActor(input.tenantId, newId()), input);
  return { ran: input.nodeId };
};
