import type { Role } from '@tranche/shared/auth/roles';
import { SIGNING_LINK_HEADER, SIGNING_TICKET_HEADER } from '@tranche/shared/signing/sign.schema';
import { clock } from '#lib/clock';
import { sessionCookieName } from '#lib/cookies';
import { DomainError } from '#lib/errors';
import { verifyToken } from '#lib/session';
import { type ProjectParts, readSignerParts, type SignerRecord } from './signer.repo.js';
import { checkSecret } from './tokens.js';

/**
 * Who is calling a signer route (all public: a signer may have no account). A signer with an account
 * (`userId`) is recognised by their session in this tenant and nothing else; one without, by the
 * emailed link token (header x-signing-link) whose hash is on their record. Anything else is 404, as
 * for an unknown signer, except a link that was right but has expired (410: the sender can resend).
 *
 * `verified`: the caller also holds the ticket /sign/validate handed out after the emailed code
 * (header x-signing-ticket), and the signer has not been sent back to NOTIFIED (a resend) or LOCKED.
 */
export interface SignerCaller extends ProjectParts {
  signer: SignerRecord;
  verified: boolean;
  /** The session's role when the signer signed in (a GP user signing), for the audit trail. */
  role?: Role;
}

export interface SignerRequest {
  tenantId: string;
  portal: { prefix: string };
  cookies: Map<string, string>;
  event: { headers?: Record<string, string | undefined> };
}

/**
 * States in which a ticket still proves the code was passed: a signer sent back to NOTIFIED (a resend)
 * or LOCKED must pass a new code. A CANCELLED signer keeps it, so a step on a voided or expired
 * project is told why (the lifecycle's 409) rather than asked for a code that cannot be sent.
 */
const VERIFIABLE_AFTER = new Set(['VERIFIED', 'SIGNED', 'DECLINED', 'CANCELLED']);

export const identifySigner = async (
  req: SignerRequest,
  projectId: string,
  signerId: string,
): Promise<SignerCaller> => {
  const parts = await readSignerParts(req.tenantId, projectId, signerId);
  const { signer } = parts;
  const now = clock.now();
  let role: Role | undefined;
  if (signer.userId) {
    const token = req.cookies.get(sessionCookieName(req.portal.prefix));
    // No session: 401, so the page can send the signer to sign in (the task link is for account holders).
    const session = await verifyToken(token, req.tenantId, 'access');
    if (session.userId !== signer.userId) throw new DomainError('signingSignerNotFound');
    role = session.role;
  } else {
    const check = checkSecret(signer.link, req.event.headers?.[SIGNING_LINK_HEADER], now);
    if (check === 'expired') throw new DomainError('signingLinkExpired');
    if (check !== 'ok') throw new DomainError('signingSignerNotFound');
  }
  const verified =
    VERIFIABLE_AFTER.has(signer.state) &&
    checkSecret(signer.ticket, req.event.headers?.[SIGNING_TICKET_HEADER], now) === 'ok';
  return { ...parts, signer, verified, ...(role ? { role } : {}) };
};

/** The same, and the emailed code must have been passed in this browser. */
export const identifyVerifiedSigner = async (
  req: SignerRequest,
  projectId: string,
  signerId: string,
): Promise<SignerCaller> => {
  const caller = await identifySigner(req, projectId, signerId);
  if (!caller.verified) throw new DomainError('signingVerificationRequired');
  return caller;
};
