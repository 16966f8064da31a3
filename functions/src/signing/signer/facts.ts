import type { Lang } from '@tranche/shared/i18n/langs';
import type { RequestFacts } from './steps.js';

/** What a signer route's handler passes on: the portal's tenant, cookies and headers, the client's IP. */
export const factsOf = (ctx: {
  tenantId: string;
  portal: { prefix: string };
  cookies: Map<string, string>;
  event: { headers?: Record<string, string | undefined> };
  requestId: string;
  lang: Lang;
  sourceIp: string;
}): RequestFacts => ({
  tenantId: ctx.tenantId,
  portal: { prefix: ctx.portal.prefix },
  cookies: ctx.cookies,
  event: { headers: ctx.event.headers ?? {} },
  requestId: ctx.requestId,
  lang: ctx.lang,
  sourceIp: ctx.sourceIp,
});
