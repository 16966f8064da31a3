import { isIP, isIPv4 } from 'node:net';
import { UpdateCommand } from '#lib/db/commands';
import { clock } from './clock.js';
import { db, isConditionFailure, tableName } from './db/client.js';
import { keys } from './db/keys.js';
import { DomainError } from './errors.js';

/**
 * Fixed-window request counters in DynamoDB, so a limit holds across every Lambda container: one
 * conditional update per request adds 1 only while the window's count is below the limit. The
 * item expires with its window (TTL).
 */
export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

const envLimit = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The auth routes' per-IP limit (sign-in, sign-up and its code, MFA, reset, activation), per tenant:
 * AUTH_RATE_LIMIT_PER_MINUTE (default 30) requests per IP per minute.
 */
export const authIpRule = (): ThrottleRule => ({
  scope: 'auth-ip',
  limit: envLimit('AUTH_RATE_LIMIT_PER_MINUTE', 30),
  windowSeconds: 60,
});

/**
 * The throttle subject of a client IP. The IP is CloudFront's viewer address when deployed (the
 * source IP of API Gateway would be an edge server shared by many viewers: functions/src/_lib/origin.ts).
 * An IPv6 client usually holds a whole /64, so IPv6 addresses count per /64 prefix; IPv4 per address.
 */
export const ipSubject = (ip: string): string => {
  if (!isIP(ip)) return 'unknown';
  if (isIPv4(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const full = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${full
    .slice(0, 4)
    .map((h) => h.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};

/** Counts one auth request of a client IP against the per-IP rule. */
export const hitAuthIp = (tenantId: string, ip: string): Promise<void> => hit(tenantId, authIpRule(), ipSubject(ip));

/** Reset requests per email address: 3 an hour, whoever asks. */
export const resetEmailRule = (): ThrottleRule => ({ scope: 'reset-email', limit: 3, windowSeconds: 3600 });

/** Counts one request; throws RATE_LIMITED (429) once the window's limit is reached. */
export const hit = async (tenantId: string, rule: ThrottleRule, subject: string): Promise<void> => {
  const now = clock.nowEpochSeconds();
  const window = Math.floor(now / rule.windowSeconds);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.throttle(tenantId, rule.scope, subject || 'unknown', window),
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl, #type = :type',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl', '#type': 'type' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': rule.limit,
          ':ttl': (window + 1) * rule.windowSeconds + 60,
          ':type': 'THROTTLE',
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new DomainError('RATE_LIMITED', { retryAfterSeconds: (window + 1) * rule.windowSeconds - now });
    }
    throw error;
  }
};
