import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '#lib/secrets';
import {
  freshCodeState,
  issueSigningCode,
  SIGNING_CODE_MAX_ATTEMPTS,
  SIGNING_CODE_TTL_MS,
  type SigningCodeState,
  verifySigningCode,
} from './signing-code.js';

const t0 = new Date('2026-11-23T09:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

describe('signing code', () => {
  it('stores only a hash, and accepts the right code once', () => {
    const { code, state } = issueSigningCode(freshCodeState(), t0);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(state)).not.toContain(code);
    expect(state.hash).toBe(sha256(code));
    const first = verifySigningCode(state, code, at(1000));
    expect(first.ok).toBe(true);
    const again = verifySigningCode(first.state!, code, at(2000));
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.code).toBe('signingCodeUsed');
      expect(again.state).toBeUndefined();
    }
  });

  it('expires after 10 minutes, without costing a try', () => {
    const { code, state } = issueSigningCode(freshCodeState(), t0);
    expect(verifySigningCode(state, code, at(SIGNING_CODE_TTL_MS - 1)).ok).toBe(true);
    const late = verifySigningCode(state, code, at(SIGNING_CODE_TTL_MS));
    expect(late.ok ? undefined : late.error.code).toBe('signingCodeExpired');
    expect(late.ok ? undefined : late.state).toBeUndefined();
    const none = verifySigningCode(freshCodeState(), '123456', t0);
    expect(none.ok ? undefined : none.error.code).toBe('signingCodeExpired');
  });

  it('counts wrong codes across re-issued codes and locks the link at the fifth', () => {
    let state: SigningCodeState = freshCodeState();
    let last: ReturnType<typeof verifySigningCode> | undefined;
    for (let i = 1; i <= SIGNING_CODE_MAX_ATTEMPTS; i++) {
      // A new code before every try: asking again does not reset the count.
      const issued = issueSigningCode(state, at(i * 1000));
      last = verifySigningCode(issued.state, wrong(issued.code), at(i * 1000 + 1));
      expect(last.ok).toBe(false);
      if (last.ok) return;
      state = last.state!;
      expect(state.attempts).toBe(i);
      if (i < SIGNING_CODE_MAX_ATTEMPTS) {
        expect(last.error.code).toBe('signingCodeInvalid');
        expect(last.error.details?.remaining).toBe(SIGNING_CODE_MAX_ATTEMPTS - i);
        expect(last.locked).toBe(false);
      }
    }
    expect(last?.ok === false && last.error.code).toBe('signingLinkLocked');
    expect(last?.ok === false && last.locked).toBe(true);
    expect(state.hash).toBeUndefined();
    expect(() => issueSigningCode(state, at(60_000))).toThrow(expect.objectContaining({ code: 'signingLinkLocked' }));
    const after = verifySigningCode(state, '123456', at(61_000));
    expect(after.ok === false && after.error.code).toBe('signingLinkLocked');
    expect(after.ok === false && after.locked).toBe(false);
  });

  it('for any sequence of tries: at most one success, never after the link locks, and locked exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ right: fc.boolean(), reissue: fc.boolean(), wait: fc.integer({ min: 0, max: 4 * 60_000 }) }),
          {
            maxLength: 20,
          },
        ),
        (tries) => {
          let now = t0.getTime();
          let { code, state } = issueSigningCode(freshCodeState(), new Date(now));
          let successes = 0;
          let locks = 0;
          for (const t of tries) {
            now += t.wait;
            if (t.reissue && state.attempts < SIGNING_CODE_MAX_ATTEMPTS) {
              ({ code, state } = issueSigningCode(state, new Date(now)));
            }
            const out = verifySigningCode(state, t.right ? code : wrong(code), new Date(now));
            if (out.ok) {
              successes++;
              expect(state.usedAt).toBeUndefined();
              expect(state.attempts).toBeLessThan(SIGNING_CODE_MAX_ATTEMPTS);
            } else if (out.locked) locks++;
            if (out.state) state = out.state;
            expect(state.attempts).toBeLessThanOrEqual(SIGNING_CODE_MAX_ATTEMPTS);
          }
          // One success per issued code: a re-issued code may succeed again (the service then ignores
          // it: the signer is already VERIFIED); without re-issuing, at most one.
          if (!tries.some((t) => t.reissue)) expect(successes).toBeLessThanOrEqual(1);
          expect(locks).toBe(state.attempts >= SIGNING_CODE_MAX_ATTEMPTS ? 1 : 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
