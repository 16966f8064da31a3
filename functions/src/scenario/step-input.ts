import { IdSchema } from '@tranche/shared/common.schema';
import { NodeIdSchema } from '@tranche/shared/scenario/scenario.schema';
import * as z from 'zod';

/**
 * What the compiled state machine hands its task functions (shared/src/scenario/compile.ts
 * `payloadOf`). A malformed payload fails the task with this error's name, so the execution's
 * history says what was wrong instead of a TypeError.
 */
export const StepInputSchema = z.looseObject({
  tenantId: IdSchema,
  subscriptionId: IdSchema,
  journeyId: IdSchema,
  nodeId: NodeIdSchema,
  kind: z.string().min(1).max(40),
});

export class InvalidStepInput extends Error {
  override name = 'InvalidStepInput';
}

export const parseStepInput = <S extends z.ZodType>(schema: S, input: unknown): z.infer<S> => {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InvalidStepInput(z.prettifyError(parsed.error));
  return parsed.data;
};
