import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { notify, portalLink, type Template } from '../auth/notifications.js';
import { getTenant } from '../tenant/tenant.repo.js';
import { getUserRecord } from '../user/user.repo.js';
import type { Consumer } from './consumer.js';

/**
 * Security notices: the emails that tell a user something happened to their account. They are not
 * optional (the email preferences do not list them) and go in the user's language. Nothing in them
 * is a secret: codes and links the user waits for (sign-up, MFA, reset) are sent by the request itself.
 */
const utc = (iso: string) => iso.slice(0, 16).replace('T', ' ');

const send = async (event: DomainEvent, template: Template, values: Record<string, string> = {}) => {
  const [user, tenant] = await Promise.all([
    getUserRecord(event.tenantId, event.subject.id),
    getTenant(event.tenantId),
  ]);
  await notify(user.email, template, user.language, {
    portal: tenant.branding.displayName,
    at: utc(event.at),
    ...values,
  });
};

/** The lock alert, once per lock: the sign-in lockout's (with how to proceed) or a GP admin's. */
export const lockAlerts: Consumer = {
  name: 'lockAlert',
  on: ['ACCOUNT_LOCKED', 'USER_LOCKED'],
  effect: async (event, once) => {
    if (event.name === 'USER_LOCKED') {
      await once('', () => send(event, 'accountLockedByAdmin'));
      return;
    }
    const tenant = await getTenant(event.tenantId);
    const link = await portalLink(tenant.prefix, '/forgot-password', {});
    const { attempts, until } = event.payload as { attempts: number; until?: string };
    await once('', () =>
      until
        ? send(event, 'accountLocked', { attempts: String(attempts), until: utc(until), link })
        : send(event, 'accountFrozen', { attempts: String(attempts), link }),
    );
  },
};

/** After a password change or reset every other session is gone; the user is told when it happened. */
export const passwordChangedNotice: Consumer = {
  name: 'passwordChangedNotice',
  on: ['PASSWORD_CHANGED', 'PASSWORD_RESET'],
  effect: async (event, once) => {
    await once('', () => send(event, 'passwordChanged'));
  },
};
