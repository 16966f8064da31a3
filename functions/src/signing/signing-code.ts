import { DomainError } from '#lib/errors';
import { matchesHash, newCode, sha256 } from '#lib/secrets';

/**
 * The one-time code a signer proves their identity with before the document is shown (issue 12:
 * /sign/captcha issues, /sign/validate checks). The rules, pure, so the service only stores the
 * state on the signer's record and writes it conditionally (on `attempts` as read) through commit:
 *
 * - six digits, stored only as a hash (#lib/secrets), valid 10 minutes, used at most once;
 * - at most 5 wrong codes per signing link, counted across re-issued codes: asking for a new code
 *   does not reset the count (else 5 tries per code, without end), only the sender's resend (a new
 *   link, a fresh state) does. The fifth wrong code locks the link: the signer's LOCK event, and
 *   the sender is told (by the event's consumer);
 * - an expired or used code is refused without costing a try: it proves nothing either way.
 */
export const SIGNING_CODE_TTL_MS = 10 * 60_000;
export const SIGNING_CODE_MAX_ATTEMPTS = 5;

export interface SigningCodeState {
  /** sha256 of the current code; absent before the first is issued. */
  hash?: string;
  expiresAt?: string;
  usedAt?: string;
  /** Wrong codes presented on this link so far. */
  attempts: number;
}

/** A link's state before any code: what the sender's send and resend write. */
export const freshCodeState = (): SigningCodeState => ({ attempts: 0 });

export const isLocked = (state: SigningCodeState): boolean => state.attempts >= SIGNING_CODE_MAX_ATTEMPTS;

/** A new code to email, and the state to store (the previous code is void). Refused on a locked link. */
export const issueSigningCode = (previous: SigningCodeState, now: Date): { code: string; state: SigningCodeState } => {
  if (isLocked(previous)) throw new DomainError('signingLinkLocked');
  const code = newCode();
  return {
    code,
    state: {
      hash: sha256(code),
      expiresAt: new Date(now.getTime() + SIGNING_CODE_TTL_MS).toISOString(),
      attempts: previous.attempts,
    },
  };
};

export type SigningCodeOutcome =
  /** The code is right: store `state` (now used) with the signer's VERIFY. */
  | { ok: true; state: SigningCodeState }
  /**
   * Refused. `state`, when present, must be stored (a wrong code counts) before answering `error`;
   * `locked` says this refusal locked the link (fire LOCK; the sender is told).
   */
  | { ok: false; error: DomainError; state?: SigningCodeState; locked: boolean };

export const verifySigningCode = (state: SigningCodeState, presented: string, now: Date): SigningCodeOutcome => {
  if (isLocked(state)) return { ok: false, error: new DomainError('signingLinkLocked'), locked: false };
  if (!state.hash || !state.expiresAt)
    return { ok: false, error: new DomainError('signingCodeExpired'), locked: false };
  if (state.usedAt) return { ok: false, error: new DomainError('signingCodeUsed'), locked: false };
  if (now.getTime() >= Date.parse(state.expiresAt)) {
    return { ok: false, error: new DomainError('signingCodeExpired'), locked: false };
  }
  if (matchesHash(presented.trim(), state.hash)) {
    return { ok: true, state: { ...state, usedAt: now.toISOString() } };
  }
  const attempts = state.attempts + 1;
  const next = { ...state, attempts };
  if (attempts >= SIGNING_CODE_MAX_ATTEMPTS) {
    // The link is spent: the code goes too, so nothing on this record can be verified any more.
    return {
      ok: false,
      error: new DomainError('signingLinkLocked'),
      state: { attempts },
      locked: true,
    };
  }
  return {
    ok: false,
    error: new DomainError('signingCodeInvalid', { remaining: SIGNING_CODE_MAX_ATTEMPTS - attempts }),
    state: next,
    locked: false,
  };
};
