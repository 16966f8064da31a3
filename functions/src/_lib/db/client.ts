import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV } from '@tranche/shared/infra/table';

/**
 * The one DynamoDB client. Endpoint, region and credentials come from the environment
 * (AWS_ENDPOINT_URL_DYNAMODB locally), so the same code talks to DynamoDB Local or the real service.
 * Explicit timeouts and a short retry budget: an API request must not hang on a stuck socket.
 */
const raw = new DynamoDBClient({
  maxAttempts: 3,
  requestHandler: { requestTimeout: 3_000, connectionTimeout: 1_000, throwOnRequestTimeout: true },
});

export const db = DynamoDBDocumentClient.from(raw, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export const tableName = (): string => {
  const name = process.env[ENV.table];
  if (!name) throw new Error(`${ENV.table} is not set`);
  return name;
};

export { isConditionFailure, isLostRace } from './races.js';
