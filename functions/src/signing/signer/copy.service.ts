import { SIGNING_COPY_HEADER, type SignedCopy, type SignerRef } from '@tranche/shared/signing/sign.schema';
import { clock } from '#lib/clock';
import { commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { getTenant } from '../../tenant/tenant.repo.js';
import { readSignerParts } from './signer.repo.js';
import { sealedPdfUrl } from './source-link.js';
import { actorOf, type RequestFacts } from './steps.js';
import { checkSecret } from './tokens.js';

/**
 * GET /sign/copy (issue 12): a signer keeps the signed document. The emailed copy token
 * (signing-copies consumer, header x-signing-copy) is the only proof asked: it was sent to the
 * signer's address after they signed, it opens nothing but the sealed PDFs of that one project, and
 * it ends after 30 days. Wrong, missing, or another project's or signer's token: the same 404 as an
 * unknown signer; the right one after its date: 410 signingCopyExpired. Every link handed out is
 * audited on the project, like the manager's download.
 */
export const getSignedCopy = async (req: RequestFacts, ref: SignerRef): Promise<SignedCopy> => {
  const parts = await readSignerParts(req.tenantId, ref.projectId, ref.signerId);
  const { signer } = parts;
  const check = checkSecret(signer.copy, req.event.headers?.[SIGNING_COPY_HEADER], clock.now());
  if (check === 'expired') throw new DomainError('signingCopyExpired');
  if (check !== 'ok' || !signer.copy) throw new DomainError('signingSignerNotFound');
  const sealed = parts.documents.map((d) => ({ d, sealed: d.sealed }));
  // A token is only issued once every document is sealed; kept as a guard, not a path.
  if (sealed.some((s) => !s.sealed)) throw new DomainError('signingNotSealed');
  const documents = await Promise.all(
    sealed.map(async ({ d, sealed: s }) => {
      const key = s?.key as string;
      const link = await sealedPdfUrl(key, d.name);
      return {
        documentId: d.documentId,
        name: d.name,
        fileName: `${d.name.replace(/\.pdf$/i, '').trim() || 'document'} (signed).pdf`,
        sha256: s?.sha256 as string,
        url: link.url,
        expiresAt: link.expiresAt,
      };
    }),
  );
  await commit(actorOf(req, signer), {
    steps: [],
    events: documents.map((d) =>
      event('SIGNING_FILE_DOWNLOADED', ref.projectId, {
        projectId: ref.projectId,
        documentId: d.documentId,
        sha256: d.sha256,
        signerId: ref.signerId,
        by: 'copyLink',
      }),
    ),
    result: undefined,
  });
  const tenant = await getTenant(req.tenantId);
  return {
    project: { projectId: parts.project.projectId, name: parts.project.name, sender: tenant.branding.displayName },
    signer: { signerId: signer.signerId, name: signer.name },
    availableUntil: signer.copy.expiresAt,
    documents,
  };
};
