import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@tranche/shared/infra/edge';
import { ENV } from '@tranche/shared/infra/table';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { acceptedSecretValues } from './aws/runtime-secrets.js';
import { DomainError } from './errors.js';
import { logger } from './logger.js';

/**
 * Where a request came from. Deployed, the API sits behind CloudFront, which adds the origin-verify
 * secret (shared/src/infra/edge.ts); a request without it reached execute-api directly and is
 * refused with 403 before anything else happens, so the tenant a public route picks from
 * `x-forwarded-host` and the viewer address below can only have been set by our distribution.
 *
 * The client IP (for the per-IP throttle, captcha and audit) is then CloudFront's
 * `CloudFront-Viewer-Address`, not API Gateway's source IP, which is a CloudFront edge server shared
 * by many viewers. Without the secret configured (the local gateway, which has no CloudFront) the
 * check is off and the source IP is used as before; the viewer-address header is then ignored,
 * because anybody could have sent it.
 */
export interface RequestOrigin {
  /** Whether the origin-verify secret was configured and matched. */
  viaCloudFront: boolean;
  clientIp: string;
}

export type OriginCheck = (event: APIGatewayProxyEventV2) => Promise<RequestOrigin>;

const sameSecret = (presented: string, expected: string): boolean => {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `198.51.100.10:46532` -> `198.51.100.10`, `2001:db8::1:46532` -> `2001:db8::1`; anything else undefined. */
export const viewerIp = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const value = header.trim();
  const colon = value.lastIndexOf(':');
  if (colon <= 0 || !/^\d{1,5}$/.test(value.slice(colon + 1))) return undefined;
  const ip = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return isIP(ip) ? ip : undefined;
};

/**
 * The check, given where the accepted secret values come from (`undefined`: not configured).
 * Exported for tests; the API uses `checkOrigin`, configured from the environment.
 */
export const originCheck =
  (acceptedSecrets: (() => Promise<string[]>) | undefined): OriginCheck =>
  async (event) => {
    const sourceIp = event.requestContext?.http?.sourceIp ?? '';
    if (!acceptedSecrets) return { viaCloudFront: false, clientIp: sourceIp };
    const presented = event.headers?.[ORIGIN_VERIFY_HEADER];
    if (!presented) throw new DomainError('FORBIDDEN');
    const accepted = await acceptedSecrets();
    if (!accepted.some((secret) => sameSecret(presented, secret))) throw new DomainError('FORBIDDEN');
    const viewer = viewerIp(event.headers?.[VIEWER_ADDRESS_HEADER]);
    if (!viewer) logger.warn('request through CloudFront without a usable viewer address');
    return { viaCloudFront: true, clientIp: viewer ?? sourceIp };
  };

let configured: OriginCheck | undefined;

/** The origin check of this deployment: on when ORIGIN_VERIFY_SECRET_ID is set. */
export const checkOrigin: OriginCheck = (event) => {
  if (!configured) {
    const secretId = process.env[ENV.originVerifySecretId];
    configured = originCheck(secretId ? () => acceptedSecretValues(secretId) : undefined);
  }
  return configured(event);
};
