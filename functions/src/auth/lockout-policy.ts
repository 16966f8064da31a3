import type { LockoutPolicy } from '#lib/lockout';
import { getLpSettings } from '../tenant/tenant.repo.js';

/**
 * The tenant's lockout variant. Apart from sign-in.service.ts: password changes and MFA use it
 * too, and importing it from there bundled the whole sign-in service (and what it imports) into
 * their handlers.
 */
export const lockoutPolicy = async (tenantId: string): Promise<LockoutPolicy> => {
  const { settings } = await getLpSettings(tenantId);
  return settings.loginFrequencyLimit.enabled ? { frequencyLimit: settings.loginFrequencyLimit.maxAttempts } : {};
};
