import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SNSClient } from '@aws-sdk/client-sns';

/**
 * SDK v3 clients, configured only from the environment (AWS_ENDPOINT_URL_<SERVICE>, AWS_REGION,
 * credentials). Timeouts are explicit so an API request never waits on a hung socket.
 * Each construction is marked pure: a handler bundle keeps only the clients it uses (and their SDK
 * packages, which declare no side effects). S3 lives in s3.ts: its client class is kept by esbuild
 * even when unused, so only the modules that need it import it.
 */
export const requestHandler = { requestTimeout: 5_000, connectionTimeout: 1_000, throwOnRequestTimeout: true };

export const cognito = /* @__PURE__ */ new CognitoIdentityProviderClient({ maxAttempts: 3, requestHandler });

export const sfn = /* @__PURE__ */ new SFNClient({ maxAttempts: 3, requestHandler });

/** Email (SES v2 SendEmail) and SMS (SNS Publish); locally both land in the outbox stand-in. */
export const ses = /* @__PURE__ */ new SESv2Client({ maxAttempts: 3, requestHandler });
export const sns = /* @__PURE__ */ new SNSClient({ maxAttempts: 3, requestHandler });
