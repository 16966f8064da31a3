/**
 * The Cognito user pool, defined once for the CDK stack and the local stack. Custom attributes
 * carry the tenant and role; they are immutable and no app client may write them (only the API,
 * with admin calls, sets them at creation).
 */
export const USER_POOL_DEF = {
  customAttributes: [
    { name: 'tenantId', maxLength: 26 },
    { name: 'role', maxLength: 16 },
  ],
  passwordMinLength: 12,
  clientAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
} as const;

export const DATA_ROOM_CORS = {
  // POST: investors' uploads are presigned POST forms (issue 11, files.service.ts).
  allowedMethods: ['GET', 'PUT', 'HEAD', 'POST'],
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
} as const;
