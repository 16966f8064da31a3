/**
 * The single DynamoDB table, defined once. The CDK stack and the local stack both create it from
 * this definition, and a test compares the synthesized template with the local table.
 */
export interface GsiDef {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const TABLE_DEF = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  gsis: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ] as readonly GsiDef[],
} as const;

/** Logical names of the stateful resources; the deployed names are passed in by environment. */
export const ENV = {
  table: 'TABLE_NAME',
  dataRoomBucket: 'DATA_ROOM_BUCKET',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  scenarioStateMachineArn: 'SCENARIO_STATE_MACHINE_ARN',
  mailFrom: 'MAIL_FROM',
} as const;
