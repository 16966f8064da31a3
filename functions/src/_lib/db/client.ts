import { ENV } from '@tranche/shared/infra/table';
import { documentDb } from './commands.js';

/**
 * The one DynamoDB client: the document commands of commands.ts, sent as signed JSON calls without
 * the SDK client. Endpoint, region and credentials come from the environment
 * (AWS_ENDPOINT_URL_DYNAMODB locally), so the same code talks to DynamoDB Local or the real service;
 * explicit timeouts and three attempts (#lib/aws/signed-request): an API request must not hang on a
 * stuck socket.
 */
export const db = documentDb;

export const tableName = (): string => {
  const name = process.env[ENV.table];
  if (!name) throw new Error(`${ENV.table} is not set`);
  return name;
};

export { isConditionFailure, isLostRace } from './races.js';
