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
/** The shared dispatcher's consumers, loaded only for a crash test (a queue worker has its own). */
const consumers = async () =>
  (await import(pathToFileURL(resolve(import.meta.dirname, '../functions/src/events/consumers.ts')).href)).CONSUMERS;

process.on('message', async (message: { id: number; records: DynamoDBStreamEvent['Records']; crashAfter?: number }) => {
  const { crashAfter } = message;
  const run =
    crashAfter === undefined
      ? handler
      : createDispatcher({
          consumers: await consumers(),
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
