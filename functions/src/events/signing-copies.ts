import type { Lang } from '@tranche/shared/i18n/langs';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit } from '#lib/db/commit';
import { sendEmail } from '#lib/mailer';
import { portalLink } from '../auth/notifications.js';
import { findProject } from '../signing/projects.repo.js';
import { signerEmail } from '../signing/signer/emails.js';
import { type ProjectParts, readSignerParts, signerUpdate } from '../signing/signer/signer.repo.js';
import { copyTtlMs, issueSecret } from '../signing/signer/tokens.js';
import { getTenant } from '../tenant/tenant.repo.js';
import type { Consumer } from './consumer.js';

/**
 * Every signer keeps the signed document (issue 12, docs/signing.md "The signed copy"): when the
 * project is sealed (SIGNING_PROJECT_SEALED, emitted by the signing worker once every document is),
 * each signer who signed is emailed in the project's language:
 *
 * - without an account: a link to their signing page with a fresh **copy token** in the fragment
 *   (`#copy=`), issued here so that it exists only in the email; it opens GET /sign/copy for 30 days;
 * - with an account: their signing page, where their session downloads it (downloadSigningFile).
 *
 * One email per signer (`once` keyed by signer): a redelivered event sends none twice.
 */
const signingPath = (projectId: string, signerId: string) =>
  `/signing/${encodeURIComponent(projectId)}/${encodeURIComponent(signerId)}`;

/** A new copy token for an account-less signer, written on the version read (commit decides again on a race). */
const issueCopy = async (tenantId: string, requestId: string, projectId: string, signerId: string) => {
  const actor: Actor = { tenantId, userId: 'SYSTEM', requestId, at: clock.nowIso() };
  return commit(actor, async () => {
    const { signer } = await readSignerParts(tenantId, projectId, signerId);
    const { token, stored } = issueSecret(clock.now(), copyTtlMs());
    return { steps: [signerUpdate(tenantId, signer, { copy: stored })], events: [], result: { token, stored } };
  });
};

export const signingCopies: Consumer = {
  name: 'signingCopies',
  on: ['SIGNING_PROJECT_SEALED'],
  effect: async (event, once) => {
    const projectId = String(event.payload.projectId);
    const parts = (await findProject(event.tenantId, projectId)) as ProjectParts | undefined;
    if (!parts?.project.sealedAt) return;
    const { project, signers } = parts;
    const tenant = await getTenant(event.tenantId);
    const lang: Lang = project.language ?? 'en';
    for (const s of signers.filter((x) => x.state === 'SIGNED')) {
      await once(s.signerId, async () => {
        const page = await portalLink(tenant.prefix, signingPath(projectId, s.signerId), {});
        let link = page;
        let until = '';
        if (!s.userId) {
          const { token, stored } = await issueCopy(
            event.tenantId,
            `signing-copy-${event.eventId}-${s.signerId}`,
            projectId,
            s.signerId,
          );
          // In the fragment, as the signing link: never in a server's log or a Referer header.
          link = `${page}#copy=${encodeURIComponent(token)}`;
          until = stored.expiresAt.slice(0, 16).replace('T', ' ');
        }
        await sendEmail(
          signerEmail(s.email, 'copy', lang, {
            portal: tenant.branding.displayName,
            project: project.name,
            signer: s.name,
            link,
            until,
          }),
        );
      });
    }
  },
};
