import { createHash } from 'node:crypto';

/**
 * One user pool serves every tenant of a deployment, and one person may be an investor with two
 * tenants: the Cognito username is therefore scoped by tenant. Email stays an attribute.
 *
 * Cognito usernames are at most 128 characters; an email may have 254. A username that would be
 * longer uses the SHA-256 of the email instead (`<tenantId>:#<hash>`, 71 characters): still one per
 * tenant and email, and `#` cannot start an email, so the two forms never collide.
 */
const MAX_USERNAME = 128;

export const cognitoUsername = (tenantId: string, email: string): string => {
  const normal = email.trim().toLowerCase();
  const plain = `${tenantId}:${normal}`;
  if (plain.length <= MAX_USERNAME) return plain;
  return `${tenantId}:#${createHash('sha256').update(normal).digest('hex')}`;
};
