import { createHash, timingSafeEqual } from 'node:crypto';
import { OPERATOR_KEY_PATTERN, PLATFORM_OPERATOR, type PlatformOperator } from '@tranche/shared/auth/operator';
import { ENV } from '@tranche/shared/infra/table';
import { acceptedSecretValues } from './aws/runtime-secrets.js';
import { DomainError } from './errors.js';

/**
 * The platform operator's authentication (docs/decisions.md "Platform operator"): the key presented
 * as `Authorization: Bearer <key>` must equal the operator key. The key lives in Secrets Manager in a
 * deployment (OPERATOR_KEY_SECRET_ID, read at run time; its current and, during a rotation, previous
 * value are accepted) and in OPERATOR_KEY on the local stack. Nothing a tenant user holds (a session,
 * a Cognito attribute, a role) is ever consulted, so no tenant user can become the operator.
 *
 * Every failure is the same 401 UNAUTHENTICATED, and a deployment with no key configured refuses
 * everyone (fail closed).
 */
export interface OperatorPrincipal {
  principal: PlatformOperator;
}

export type OperatorCheck = (authorization: string | undefined) => Promise<OperatorPrincipal>;

/** SHA-256 first, so both sides have one length and the comparison's time says nothing about the key. */
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

const matchesAny = (presented: string, accepted: readonly string[]): boolean => {
  const mine = digest(presented);
  // Every accepted value is compared (no early exit): which one matched is not observable either.
  let found = false;
  for (const key of accepted) found = timingSafeEqual(mine, digest(key)) || found;
  return found;
};

/** `Bearer <key>` -> the key; anything else undefined. */
export const bearerKey = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '');
  const key = match?.[1];
  return key && OPERATOR_KEY_PATTERN.test(key) ? key : undefined;
};

/** The check, given where the accepted keys come from (`undefined`: not configured). Exported for tests. */
export const operatorCheck =
  (acceptedKeys: (() => Promise<string[]>) | undefined): OperatorCheck =>
  async (authorization) => {
    const presented = bearerKey(authorization);
    if (!acceptedKeys || !presented) throw new DomainError('UNAUTHENTICATED');
    const accepted = (await acceptedKeys()).filter((k) => OPERATOR_KEY_PATTERN.test(k));
    if (!matchesAny(presented, accepted)) throw new DomainError('UNAUTHENTICATED');
    return { principal: PLATFORM_OPERATOR };
  };

let configured: OperatorCheck | undefined;

/** The operator check of this deployment, configured from the environment on first use. */
export const verifyOperator: OperatorCheck = (authorization) => {
  if (!configured) {
    const secretId = process.env[ENV.operatorKeySecretId];
    const plain = process.env[ENV.operatorKey];
    configured = operatorCheck(
      secretId ? () => acceptedSecretValues(secretId) : plain ? async () => [plain] : undefined,
    );
  }
  return configured(authorization);
};
