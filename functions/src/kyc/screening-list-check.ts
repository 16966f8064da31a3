import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { allTenantIds } from '#lib/db/tenant-ids';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { configuredListSource, listVersionOf } from '../screening/list-source.js';
import { parseTargetsSimpleCsv } from '../screening/opensanctions-csv.js';

/**
 * The scheduled list check (WORKERS `screeningListCheck`: daily on AWS, POST
 * /_local/schedules/screeningListCheck/run locally). It reads the list screening reads (the file at
 * SCREENING_LIST_PATH, else the sample), parses it as screening does and compares its version, a
 * content hash, with the one each tenant was last screened against (keys.ts pattern 35b). Where they
 * differ it moves the tenant's version and emits SCREENING_LIST_CHANGED in one commit, so two runs at
 * once emit it once; the KYC consumers then rescreen the tenant's approved profiles.
 *
 * A list that fails to parse throws here (the parser refuses it whole), so a broken download never
 * reads as "nobody is listed any more".
 */

export interface ListCheckResult {
  listVersion: string;
  listSize: number;
  /** Tenants told of the new version. */
  changed: string[];
}

export const checkScreeningList = async (now: Date = clock.now()): Promise<ListCheckResult> => {
  // Parsed as screening parses it (a broken file throws here), and versioned as screening versions it.
  const text = await configuredListSource().read();
  const listSize = parseTargetsSimpleCsv(text).length;
  const listVersion = listVersionOf(text);
  const changed: string[] = [];
  for (const tenantId of await allTenantIds()) {
    const key = keys.screeningListState(tenantId);
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const previous = typeof Item?.listVersion === 'string' ? Item.listVersion : undefined;
    if (previous === listVersion) continue;
    const actor: Actor = {
      tenantId,
      userId: 'SYSTEM',
      requestId: `screening-list-${listVersion}`,
      at: now.toISOString(),
    };
    try {
      await commit(actor, {
        steps: [
          {
            item: {
              Put: {
                TableName: tableName(),
                Item: { ...key, type: 'SCREENING_LIST_STATE', listVersion, listSize, checkedAt: actor.at },
                ConditionExpression: previous === undefined ? 'attribute_not_exists(PK)' : 'listVersion = :previous',
                ...(previous === undefined ? {} : { ExpressionAttributeValues: { ':previous': previous } }),
              },
            },
            refusal: 'VERSION_CONFLICT',
          },
        ],
        events: [
          event('SCREENING_LIST_CHANGED', tenantId, {
            listVersion,
            listSize,
            ...(previous ? { previousVersion: previous } : {}),
          }),
        ],
        result: undefined,
      });
      changed.push(tenantId);
    } catch (error) {
      // Another run moved it first and emitted the event: nothing left to do for this tenant.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  logger.info('screening list checked', { listVersion, listSize, changed: changed.length });
  return { listVersion, listSize, changed };
};

export const handler = async (): Promise<ListCheckResult> => checkScreeningList();
