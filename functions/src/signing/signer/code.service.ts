import type { CodeValidatedSchema, SignerRef } from '@tranche/shared/signing/sign.schema';
import { SIGNER_LIFECYCLE } from '@tranche/shared/signing/signing-state';
import type { z } from 'zod';
import { clock } from '#lib/clock';
import { commit, type EventDraft, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { sendEmail } from '#lib/mailer';
import { hit, hitAuthIp } from '#lib/throttle';
import { getTenant } from '../../tenant/tenant.repo.js';
import {
  freshCodeState,
  issueSigningCode,
  SIGNING_CODE_MAX_ATTEMPTS,
  SIGNING_CODE_TTL_MS,
  verifySigningCode,
} from '../signing-code.js';
import { signerEmail } from './emails.js';
import { identifySigner } from './identity.js';
import { maskEmail } from './rules.js';
import { type ProjectParts, readSignerParts, type SignerRecord, signerSelf, signerUpdate } from './signer.repo.js';
import { actorOf, assertProjectOpen, notFoundAfterRead, type RequestFacts, userAgentOf } from './steps.js';
import { issueSecret, SIGNING_TICKET_TTL_MS } from './tokens.js';

/**
 * The emailed one-time code (issue 12): /sign/captcha issues it, /sign/validate checks it, both on the
 * signer's record through `commit`, conditional on the version read, so parallel guesses are counted
 * one after the other and the fifth wrong one locks (never a sixth). The rules are signing-code.ts.
 */

/** Codes a signer may ask for: 3 per 10 minutes (each is a 10-minute code; more would only flood their mailbox). */
const CODE_RULE = { scope: 'sign-code', limit: 3, windowSeconds: 600 };
/** A signer who may prove who they are now: their group's turn, not locked, not done. */
const assertMayVerify = (parts: ProjectParts, signer: SignerRecord): void => {
  assertProjectOpen(parts, 'SIGN');
  if (signer.state === 'WAITING') throw new DomainError('signingNotYourTurn');
  if (signer.state === 'LOCKED') throw new DomainError('signingLinkLocked');
  SIGNER_LIFECYCLE.next(signer.state, 'VERIFY', 'SIGNER');
};

// ---- /sign/captcha

export const sendCode = async (
  req: RequestFacts,
  ref: SignerRef,
): Promise<{ sentTo: string; expiresAt: string; attemptsLeft: number }> => {
  // Per IP first (like the sign-in routes), then per signer once we know the link is theirs.
  await hitAuthIp(req.tenantId, req.sourceIp);
  const caller = await identifySigner(req, ref.projectId, ref.signerId);
  await hit(req.tenantId, CODE_RULE, `${ref.projectId}#${ref.signerId}`);
  const issued = await commit(actorOf(req, caller.signer), async () => {
    const parts = await readSignerParts(req.tenantId, ref.projectId, ref.signerId);
    const signer = notFoundAfterRead(parts, ref.signerId);
    assertMayVerify(parts, signer);
    const { code, state } = issueSigningCode(signer.code ?? freshCodeState(), clock.now());
    return {
      steps: [signerUpdate(req.tenantId, signer, { code: state })],
      events: [event('SIGNER_CODE_SENT', ref.projectId, { refId: ref.signerId, projectId: ref.projectId })],
      result: { code, state, email: signer.email, project: parts.project.name },
    };
  });
  const tenant = await getTenant(req.tenantId);
  await sendEmail(
    signerEmail(issued.email, 'code', req.lang, {
      code: issued.code,
      project: issued.project,
      portal: tenant.branding.displayName,
      minutes: String(SIGNING_CODE_TTL_MS / 60_000),
    }),
  );
  return {
    sentTo: maskEmail(issued.email),
    expiresAt: issued.state.expiresAt as string,
    attemptsLeft: SIGNING_CODE_MAX_ATTEMPTS - issued.state.attempts,
  };
};

// ---- /sign/validate

type ValidateOutcome =
  | { ok: true; ticket: string; ticketExpiresAt: string; signer: SignerRecord }
  | { ok: false; error: DomainError };

export const validateCode = async (
  req: RequestFacts,
  ref: SignerRef,
  presented: string,
): Promise<z.output<typeof CodeValidatedSchema>> => {
  await hitAuthIp(req.tenantId, req.sourceIp);
  const caller = await identifySigner(req, ref.projectId, ref.signerId);
  const actor = actorOf(req, caller.signer);
  const outcome = await commit<ValidateOutcome>(actor, async () => {
    const parts = await readSignerParts(req.tenantId, ref.projectId, ref.signerId);
    const signer = notFoundAfterRead(parts, ref.signerId);
    assertMayVerify(parts, signer);
    const now = clock.now();
    const verdict = verifySigningCode(signer.code ?? freshCodeState(), presented, now);
    if (verdict.ok) {
      const ticket = issueSecret(now, SIGNING_TICKET_TTL_MS, parts.project.expiresAt);
      const ip = req.sourceIp.slice(0, 64);
      const userAgent = userAgentOf(req);
      const next = SIGNER_LIFECYCLE.next(signer.state, 'VERIFY', 'SIGNER');
      const verifiedAt = now.toISOString();
      return {
        steps: [
          signerUpdate(req.tenantId, signer, {
            code: verdict.state,
            state: next,
            codeVerifiedAt: verifiedAt,
            ticket: ticket.stored,
            ip,
            userAgent,
          }),
        ],
        events: [
          event('SIGNER_VERIFIED', ref.projectId, { refId: ref.signerId, projectId: ref.projectId, ip, userAgent }),
        ],
        result: {
          ok: true as const,
          ticket: ticket.token,
          ticketExpiresAt: ticket.stored.expiresAt,
          signer: { ...signer, state: next, codeVerifiedAt: verifiedAt, version: signer.version + 1 },
        },
      };
    }
    // Nothing to store (expired, used, already locked): refuse without a write.
    if (!verdict.state) return { steps: [], events: [], result: { ok: false as const, error: verdict.error } };
    const set: Record<string, unknown> = { code: verdict.state };
    const events: EventDraft[] = [];
    if (verdict.locked) {
      set.state = SIGNER_LIFECYCLE.next(signer.state, 'LOCK', 'SYSTEM');
      // Whoever had a ticket loses it with the lock: only the sender's resend reopens the signer.
      set.ticket = undefined;
      events.push(
        event('SIGNER_LOCKED', ref.projectId, {
          refId: ref.signerId,
          projectId: ref.projectId,
          project: parts.project.name,
          signer: signer.name,
          userIds: [parts.project.createdBy],
          attempts: verdict.state.attempts,
        }),
      );
    }
    // The wrong code is counted on the version read: two guesses at once are two writes in turn.
    return {
      steps: [signerUpdate(req.tenantId, signer, set)],
      events,
      result: { ok: false as const, error: verdict.error },
    };
  });
  if (!outcome.ok) throw outcome.error;
  return {
    ticket: outcome.ticket,
    ticketExpiresAt: outcome.ticketExpiresAt,
    signer: signerSelf(outcome.signer, true),
  };
};
