import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit } from '#lib/db/commit';
import { sendEmail } from '#lib/mailer';
import { portalLink } from '../auth/notifications.js';
import { NEWEST_LINK_NOTE, signerEmail } from '../signing/signer/emails.js';
import { readSignerParts, type SignerRecord, signerUpdate } from '../signing/signer/signer.repo.js';
import { issueSecret, linkTtlMs } from '../signing/signer/tokens.js';
import { getTenant } from '../tenant/tenant.repo.js';
import type { Consumer } from './consumer.js';

/**
 * Emails a signer their way to the documents (issue 12, docs/signing.md "Signer side"):
 *
 * - a signer **without an account** gets a fresh link token on every SIGNER_NOTIFIED, SIGNER_RESENT
 *   and SIGNER_REMINDED: issued here, not in the request, so the token exists only in the email and
 *   never in a stored event (like activation links, invitations.ts). The new hash replaces the old on
 *   the signer's record, so only the newest email's link opens the project;
 * - a signer **with an account** is told of their turn by their inbox task (its email links to the
 *   task); a resend or a reminder emails them the signing page, where their session is what counts.
 *
 * A signer who has meanwhile signed, declined or been cancelled gets nothing.
 */
const STILL_TO_SIGN = new Set<SignerRecord['state']>(['NOTIFIED', 'VERIFIED']);

const signingPath = (projectId: string, signerId: string) =>
  `/signing/${encodeURIComponent(projectId)}/${encodeURIComponent(signerId)}`;

/** A new link token for an account-less signer, written on the version read; undefined if no longer due. */
const issueLink = async (event: DomainEvent, projectId: string, signerId: string): Promise<string | undefined> => {
  const actor: Actor = {
    tenantId: event.tenantId,
    userId: 'SYSTEM',
    requestId: `signing-link-${event.eventId}`,
    at: clock.nowIso(),
  };
  return commit(actor, async () => {
    const { project, signer } = await readSignerParts(event.tenantId, projectId, signerId);
    if (!STILL_TO_SIGN.has(signer.state) || signer.userId) return { steps: [], events: [], result: undefined };
    const { token, stored } = issueSecret(clock.now(), linkTtlMs(), project.expiresAt);
    return { steps: [signerUpdate(event.tenantId, signer, { link: stored })], events: [], result: token };
  });
};

export const signingLinks: Consumer = {
  name: 'signingLinks',
  on: ['SIGNER_NOTIFIED', 'SIGNER_RESENT', 'SIGNER_REMINDED'],
  effect: async (event, once) => {
    const projectId = String(event.payload.projectId);
    const signerId = String(event.payload.refId);
    await once(signerId, async () => {
      const { project, signer } = await readSignerParts(event.tenantId, projectId, signerId);
      if (!STILL_TO_SIGN.has(signer.state)) return;
      // An account holder's first notice is their inbox task (inbox consumers): no second email.
      if (signer.userId && event.name === 'SIGNER_NOTIFIED') return;
      // A subscription agreement's co-signers got their step's temp-token link (scenario-links.ts),
      // which opens this signature: a second first email would only confuse (issue 13).
      if (event.name === 'SIGNER_NOTIFIED' && project.refKind === 'subscription') return;
      const tenant = await getTenant(event.tenantId);
      const lang: Lang = project.language ?? 'en';
      const path = signingPath(projectId, signerId);
      let link: string;
      let until = project.expiresAt ?? '';
      if (signer.userId) {
        link = await portalLink(tenant.prefix, path, {});
      } else {
        const token = await issueLink(event, projectId, signerId);
        if (!token) return;
        // In the fragment (`#link=`, as the signer page reads it): a fragment never reaches a server's
        // access log or a Referer header.
        link = `${await portalLink(tenant.prefix, path, {})}#link=${encodeURIComponent(token)}`;
        const fresh = await readSignerParts(event.tenantId, projectId, signerId);
        until = fresh.signer.link?.expiresAt ?? until;
      }
      const values = {
        portal: tenant.branding.displayName,
        project: project.name,
        signer: signer.name,
        link,
        until: until.slice(0, 16).replace('T', ' '),
        expires: (project.expiresAt ?? '').slice(0, 16).replace('T', ' '),
        note: event.name === 'SIGNER_NOTIFIED' ? '' : NEWEST_LINK_NOTE[lang],
      };
      const template = event.name === 'SIGNER_REMINDED' ? 'reminder' : 'invitation';
      await sendEmail(signerEmail(signer.email, template, lang, values));
    });
  },
};
