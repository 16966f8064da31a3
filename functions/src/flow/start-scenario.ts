import { IdSchema } from '@tranche/shared/common.schema';
import * as z from 'zod';
import { clock } from '#lib/clock';

/**
 * Scenario flow, step 1 (state `Start` of SCENARIO_FLOW_DEFINITION, invoked through
 * `arn:aws:states:::lambda:invoke`): checks the execution input and stamps the start time.
 * Extra input fields are allowed (the flow carries them along) but not returned.
 */
export const StartScenarioInputSchema = z.looseObject({ tenantId: IdSchema, scenarioId: IdSchema });

export interface ScenarioStarted {
  tenantId: string;
  scenarioId: string;
  startedAt: string;
}

/** A bad execution input fails the Task with this error name, so a `Catch` can match it. */
export class InvalidScenarioInput extends Error {
  override name = 'InvalidScenarioInput';
}

export const parseStartScenarioInput = (input: unknown): { tenantId: string; scenarioId: string } => {
  const parsed = StartScenarioInputSchema.safeParse(input);
  if (!parsed.success) throw new InvalidScenarioInput(z.prettifyError(parsed.error));
  return { tenantId: parsed.data.tenantId, scenarioId: parsed.data.scenarioId };
};

export const handler = async (event: unknown): Promise<ScenarioStarted> => {
  const { tenantId, scenarioId } = parseStartScenarioInput(event);
  return { tenantId, scenarioId, startedAt: clock.nowIso() };
};
