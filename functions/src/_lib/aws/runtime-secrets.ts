import type { GetSecretValueCommandOutput } from '@aws-sdk/client-secrets-manager';
import { awsJson, SECRETS_MANAGER } from './signed-request.js';

/**
 * Configuration that must not sit in a Lambda's environment or the template as plain text (the
 * reCAPTCHA key, the origin-verify secret), or that synth cannot know (the portal address of a
 * deployment without a custom domain: portal-url.ts), read at run time and cached per container for
 * five minutes. A rotated secret therefore reaches every container within five minutes.
 */
const TTL_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; value: Promise<string[]> }>();

export const cached = (key: string, load: () => Promise<string[]>): Promise<string[]> => {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  // A failed read is not cached: the next request tries again.
  value.catch(() => cache.delete(key));
  return value;
};

const stage = async (secretId: string, versionStage: string): Promise<string | undefined> => {
  try {
    // One signed call rather than the Secrets Manager client (13 KB in every bundle: signed-request.ts).
    const out = await awsJson<GetSecretValueCommandOutput>(SECRETS_MANAGER, 'secretsmanager.GetSecretValue', {
      SecretId: secretId,
      VersionStage: versionStage,
    });
    return out.SecretString;
  } catch (error) {
    // A secret that was never rotated has no AWSPREVIOUS version.
    if (versionStage !== 'AWSCURRENT' && (error as { name?: string }).name === 'ResourceNotFoundException') {
      return undefined;
    }
    throw error;
  }
};

/** The current value of a Secrets Manager secret. */
export const secretValue = async (secretId: string): Promise<string> => {
  const [current] = await cached(`current:${secretId}`, async () => [(await stage(secretId, 'AWSCURRENT')) ?? '']);
  if (!current) throw new Error(`Secret ${secretId} has no value`);
  return current;
};

/**
 * The current and, while a rotation is under way, the previous value: a shared secret that two
 * parties must switch to (CloudFront and the API) stays accepted in both versions until the other
 * side has caught up.
 */
export const acceptedSecretValues = (secretId: string): Promise<string[]> =>
  cached(`accepted:${secretId}`, async () => {
    const [current, previous] = await Promise.all([stage(secretId, 'AWSCURRENT'), stage(secretId, 'AWSPREVIOUS')]);
    return [current, previous].filter((v): v is string => typeof v === 'string' && v.length > 0);
  });
