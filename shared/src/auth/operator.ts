/**
 * The platform operator: whoever runs a deployment (creates tenants, invites their first owner). It is
 * not a tenant role and never comes from a tenant session: no session, Cognito attribute or team route
 * can carry it. Operator routes (`auth: 'operator'`) are authenticated by the operator key alone, sent
 * as `Authorization: Bearer <key>` (docs/decisions.md "Platform operator").
 */
export const PLATFORM_OPERATOR = 'PLATFORM_OPERATOR' as const;
export type PlatformOperator = typeof PLATFORM_OPERATOR;

/** The request header carrying the operator key, as `Bearer <key>`. */
export const OPERATOR_KEY_HEADER = 'authorization';

/**
 * An operator key as the API accepts it: 32-256 URL-safe characters (a generated key is 43, 256
 * random bits in base64url). Anything else is refused before any comparison.
 */
export const OPERATOR_KEY_PATTERN = /^[A-Za-z0-9_-]{32,256}$/;
