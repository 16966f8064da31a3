import { newId } from '#lib/ids';
import { finishJourney, nowActor } from './journey.service.js';
import { parseStepInput, StepInputSchema } from './step-input.js';

/** Scenario task (end nodes): the journey is complete; the investor may now prepare the submission. */
export const handler = async (event: unknown): Promise<{ finished: string }> => {
  const input = parseStepInput(StepInputSchema, event);
  await finishJourney(nowActor(input.tenantId, newId()), input);
  return { finished: input.nodeId };
};
