import { QueryCommand, type QueryCommandInput } from '#lib/db/commands';
import { db } from './client.js';

/** Every item a query finds, all pages (for partitions of tens of items, not thousands). */
export const queryAll = async (input: QueryCommandInput): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
};
