import type { Lang } from '@tranche/shared/i18n/langs';
import { SIGNING_PROJECT_LIFECYCLE } from '@tranche/shared/signing/signing-state';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import type { SignerRequest } from './identity.js';
import { isPastExpiry, type SignerFieldRef } from './rules.js';
import type { ProjectParts, SignerRecord } from './signer.repo.js';

/**
 * The signer's steps (issue 12, docs/signing.md "Signer side"): the emailed code, its check, consent,
 * the documents, the signature and the decline. Each step re-reads the project and the signer inside
 * `commit`'s decision and writes conditionally on their versions, so racing requests (parallel
 * guesses of the code, two signers of a group signing at once) are decided one after the other on
 * fresh state: five wrong codes lock, never six; exactly one signature completes the project.
 */

/** What the request says about the person at the screen (it goes on the audit certificate). */
export interface RequestFacts extends SignerRequest {
  requestId: string;
  lang: Lang;
  sourceIp: string;
}

export const userAgentOf = (req: RequestFacts): string => (req.event.headers?.['user-agent'] ?? '').slice(0, 512);

/** The actor of a signer's step: their account, or the signer of that project when they have none. */
export const actorOf = (req: RequestFacts, signer: SignerRecord): Actor => ({
  tenantId: req.tenantId,
  userId: signer.userId ?? `SIGNER#${signer.projectId}#${signer.signerId}`,
  requestId: req.requestId,
  at: clock.nowIso(),
});

export const notFoundAfterRead = (parts: ProjectParts, signerId: string): SignerRecord => {
  const signer = parts.signers.find((s) => s.signerId === signerId);
  if (!signer) throw new DomainError('signingSignerNotFound');
  return signer;
};

/**
 * The project must still be out for signing: a void, declined, completed or expired one refuses any
 * signer step with the lifecycle's 409. A project past its expiry date is expired even before the
 * daily job records it.
 */
export const assertProjectOpen = (parts: ProjectParts, event: 'SIGN' | 'DECLINE'): void => {
  const { project } = parts;
  SIGNING_PROJECT_LIFECYCLE.next(project.status, event, 'SIGNER');
  if (isPastExpiry(project.expiresAt, clock.now())) {
    throw new DomainError('TRANSITION_NOT_ALLOWED', { lifecycle: 'signingProject', state: 'EXPIRED', event });
  }
};

export const fieldsOf = (parts: ProjectParts, signerId: string): SignerFieldRef[] =>
  parts.documents.flatMap((d) =>
    d.fields.filter((f) => f.signerId === signerId).map((field) => ({ documentId: d.documentId, field })),
  );
