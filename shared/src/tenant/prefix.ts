/**
 * A tenant prefix: the short name in `/t/<prefix>/` URLs (what the portal resolves). Apart from
 * tenant.schema.ts because every handler checks the `X-Tenant-Prefix` header (tenant-context.ts):
 * importing the schema module for one pattern put all tenant schemas in every bundle (~4.4 KB).
 */
export const TENANT_PREFIX_PATTERN = /^[a-z][a-z0-9-]{1,30}$/;
