/**
 * Which tenant portal this page is. A page under `/t/<prefix>/` belongs to that tenant: the router
 * runs below that basename and every API call names the prefix. Anywhere else the host name decides
 * (custom domains), and the API resolves the tenant from it.
 */
export interface PortalLocation {
  /** The tenant prefix from the path, or null when the host name decides. */
  readonly prefix: string | null;
  /** The router basename: `/t/<prefix>` or empty. */
  readonly basename: string;
  /** The client-storage namespace: the prefix, else the host name. */
  readonly namespace: string;
}

// Same shape as TenantPrefixSchema in shared/src/tenant/tenant.schema.ts (not imported: it pulls in
// zod). The early script (web/vite-plugin-early-preload.ts) reads the address with it too.
export const PREFIX_PATH = /^\/t\/([a-z][a-z0-9-]{1,30})(?=\/|$)/;

export const resolvePortalLocation = (where: { pathname: string; hostname: string }): PortalLocation => {
  const prefix = PREFIX_PATH.exec(where.pathname)?.[1] ?? null;
  return {
    prefix,
    basename: prefix ? `/t/${prefix}` : '',
    namespace: prefix ?? (where.hostname.toLowerCase() || 'default'),
  };
};
