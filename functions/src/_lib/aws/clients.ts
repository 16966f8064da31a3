import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';

/**
 * SDK v3 clients, configured only from the environment (AWS_ENDPOINT_URL_<SERVICE>, AWS_REGION,
 * credentials). Timeouts are explicit so an API request never waits on a hung socket.
 */
const requestHandler = { requestTimeout: 5_000, connectionTimeout: 1_000, throwOnRequestTimeout: true };

export const s3 = new S3Client({
  maxAttempts: 3,
  requestHandler,
  // Path-style addressing works with S3 and with local stand-ins that cannot resolve bucket subdomains.
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
  // Presigned browser uploads must not carry a checksum of an empty body (LOCAL-AWS.md).
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export const cognito = new CognitoIdentityProviderClient({ maxAttempts: 3, requestHandler });

export const sfn = new SFNClient({ maxAttempts: 3, requestHandler });
