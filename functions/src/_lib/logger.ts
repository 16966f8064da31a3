import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; every line of a request carries its request id, tenant and operation. */
export const logger = new Logger({ serviceName: 'tranche' });
