import { IdSchema } from '@tranche/shared/common.schema';
import * as z from 'zod';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { PutCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { newId } from '#lib/ids';

/**
 * Scenario flow, human step (state `AwaitInvestorStep`, invoked through
 * `arn:aws:states:::lambda:invoke.waitForTaskToken`): records the waiting step with its task token, so
 * the API can later complete it with SendTaskSuccess / SendTaskFailure. The flow stays parked until then.
 */
export const OpenHumanStepInputSchema = z.object({
  scenario: z.looseObject({ tenantId: IdSchema, scenarioId: IdSchema }),
  // Step Functions task tokens are opaque, at most 2048 characters (AWS API limit).
  taskToken: z.string().min(1).max(2048),
});

export type OpenHumanStepInput = z.infer<typeof OpenHumanStepInputSchema>;

export class InvalidHumanStepInput extends Error {
  override name = 'InvalidHumanStepInput';
}

export const parseOpenHumanStepInput = (input: unknown): OpenHumanStepInput => {
  const parsed = OpenHumanStepInputSchema.safeParse(input);
  if (!parsed.success) throw new InvalidHumanStepInput(z.prettifyError(parsed.error));
  return parsed.data;
};

export const handler = async (event: unknown): Promise<{ stepId: string }> => {
  const { scenario, taskToken } = parseOpenHumanStepInput(event);
  const stepId = newId();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.scenarioStep(scenario.tenantId, scenario.scenarioId, stepId),
        type: 'SCENARIO_STEP',
        tenantId: scenario.tenantId,
        scenarioId: scenario.scenarioId,
        stepId,
        taskToken,
        status: 'WAITING',
        createdAt: clock.nowIso(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return { stepId };
};
