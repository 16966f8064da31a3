import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DynamoDBStreamEvent } from 'aws-lambda';

/**
 * The dispatcher's process on the local stack (local/events.ts starts it): it runs the same module a
 * Lambda would, one invocation at a time, and answers over IPC. `crashAfter` exits the process after
 * that many records are handled, before the batch is answered: a dispatcher dying mid-batch.
 */
const [handlerModule] = process.argv.slice(2);
if (!handlerModule) throw new Error('usage: events-worker <handler module below functions/src>');
const url = pathToFileURL(resolve(import.meta.dirname, '../functions/src', `${handlerModule}.ts`)).href;
const { createDispatcher, handler } = await import(url);
const { CONSUMERS } = await import(
  pathToFileURL(resolve(import.meta.dirname, '../functions/src/events/consumers.ts')).href
);

process.on('message', async (message: { id: number; records: DynamoDBStreamEvent['Records']; crashAfter?: number }) => {
  const { crashAfter } = message;
  const run =
    crashAfter === undefined
      ? handler
      : createDispatcher({
          consumers: CONSUMERS,
          afterRecord: (index: number) => {
            if (index + 1 >= crashAfter) process.exit(70);
          },
        });
  try {
    const response = await run({ Records: message.records });
    process.send?.({ id: message.id, response });
  } catch (error) {
    process.send?.({ id: message.id, error: (error as Error).stack ?? String(error) });
  }
});
