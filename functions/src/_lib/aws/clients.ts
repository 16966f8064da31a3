import { SFNClient } from '@aws-sdk/client-sfn';

/**
 * SDK v3 clients, configured only from the environment (AWS_ENDPOINT_URL_<SERVICE>, AWS_REGION,
 * credentials). Timeouts are explicit so an API request never waits on a hung socket.
 * Each construction is marked pure: a handler bundle keeps only the clients it uses (and their SDK
 * packages, which declare no side effects). S3, Cognito, Secrets Manager, KMS, SES and SNS are
 * called without a client (signed-request.ts, s3.ts): their clients were most of a bundle's excess.
 */
export const requestHandler = { requestTimeout: 5_000, connectionTimeout: 1_000, throwOnRequestTimeout: true };

export const sfn = /* @__PURE__ */ new SFNClient({ maxAttempts: 3, requestHandler });
