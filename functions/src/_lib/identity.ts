/**
 * One user pool serves every tenant of a deployment, and one person may be an investor with two
 * tenants: the Cognito username is therefore scoped by tenant. Email stays an attribute.
 */
export const cognitoUsername = (tenantId: string, email: string): string => `${tenantId}:${email.trim().toLowerCase()}`;
