import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import {
  currentGroup,
  isSignersTurn,
  projectEventForSignature,
  SIGNER_LIFECYCLE,
  SIGNING_ACTORS,
  SIGNING_PROJECT_LIFECYCLE,
  type SignerTurn,
  type SigningProjectState,
  signersToNotify,
} from './signing-state.js';

describe('signing project lifecycle', () => {
  const P = SIGNING_PROJECT_LIFECYCLE;

  it('is sent by a manager, partly signed, and completed by the last signature', () => {
    expect(P.next('DRAFT', 'SEND', 'GP_MEMBER')).toBe('SENT');
    expect(P.next('SENT', 'SIGN', 'SIGNER')).toBe('PARTLY_SIGNED');
    expect(P.next('PARTLY_SIGNED', 'SIGN', 'SIGNER')).toBe('PARTLY_SIGNED');
    expect(P.next('PARTLY_SIGNED', 'COMPLETE', 'SIGNER')).toBe('COMPLETED');
    expect(P.next('SENT', 'COMPLETE', 'SIGNER')).toBe('COMPLETED');
  });

  it('refuses signing after void, expiry, decline or completion (409), and a manager signing for a signer', () => {
    for (const ended of ['VOIDED', 'EXPIRED', 'DECLINED', 'COMPLETED'] as SigningProjectState[]) {
      expect(codeOf(() => P.next(ended, 'SIGN', 'SIGNER'))).toBe('TRANSITION_NOT_ALLOWED');
      expect(codeOf(() => P.next(ended, 'VOID', 'GP_OWNER'))).toBe('TRANSITION_NOT_ALLOWED');
    }
    expect(codeOf(() => P.next('SENT', 'SIGN', 'GP_OWNER'))).toBe('FORBIDDEN');
    expect(codeOf(() => P.next('SENT', 'EXPIRE', 'GP_OWNER'))).toBe('FORBIDDEN');
    expect(codeOf(() => P.next('DRAFT', 'SEND', 'SIGNER'))).toBe('FORBIDDEN');
  });

  it('offers the sender resend and void while signing is under way', () => {
    expect(P.allowedEvents('PARTLY_SIGNED', 'GP_MEMBER')).toEqual(['RESEND', 'VOID']);
    expect(P.stateLabel('PARTLY_SIGNED', 'zh-CN')).toBe('部分签署');
  });
});

describe('signer lifecycle', () => {
  const S = SIGNER_LIFECYCLE;

  it('signs only after the emailed code, and never twice', () => {
    expect(codeOf(() => S.next('NOTIFIED', 'SIGN', 'SIGNER'))).toBe('TRANSITION_NOT_ALLOWED');
    expect(S.next(S.next('NOTIFIED', 'VERIFY', 'SIGNER'), 'SIGN', 'SIGNER')).toBe('SIGNED');
    expect(codeOf(() => S.next('SIGNED', 'SIGN', 'SIGNER'))).toBe('TRANSITION_NOT_ALLOWED');
    expect(codeOf(() => S.next('CANCELLED', 'VERIFY', 'SIGNER'))).toBe('TRANSITION_NOT_ALLOWED');
  });

  it('is locked by wrong codes and opened again only by the sender resending', () => {
    expect(S.next('NOTIFIED', 'LOCK', 'SYSTEM')).toBe('LOCKED');
    expect(codeOf(() => S.next('LOCKED', 'VERIFY', 'SIGNER'))).toBe('TRANSITION_NOT_ALLOWED');
    expect(codeOf(() => S.next('LOCKED', 'RESEND', 'SIGNER'))).toBe('FORBIDDEN');
    expect(S.next('LOCKED', 'RESEND', 'GP_ADMIN')).toBe('NOTIFIED');
  });
});

describe('turn order', () => {
  const turn = (signerId: string, group: number, state: SignerTurn['state'] = 'WAITING'): SignerTurn => ({
    signerId,
    group,
    state,
  });

  it('notifies a parallel group together, and the next group only when it has all signed', () => {
    const signers = [turn('lp1', 1), turn('lp2', 1), turn('gp', 2)];
    expect(signersToNotify(signers)).toEqual(['lp1', 'lp2']);
    expect(isSignersTurn(signers, 'gp')).toBe(false);
    const partly = [turn('lp1', 1, 'SIGNED'), turn('lp2', 1, 'NOTIFIED'), turn('gp', 2)];
    expect(signersToNotify(partly)).toEqual([]);
    expect(projectEventForSignature(partly, 'lp2')).toBe('SIGN');
    const gpTurn = [turn('lp1', 1, 'SIGNED'), turn('lp2', 1, 'SIGNED'), turn('gp', 2)];
    expect(signersToNotify(gpTurn)).toEqual(['gp']);
    expect(projectEventForSignature(gpTurn, 'gp')).toBe('COMPLETE');
  });

  it('ends the turns when someone declines', () => {
    expect(currentGroup([turn('a', 1, 'DECLINED'), turn('b', 2)])).toBeUndefined();
    expect(signersToNotify([turn('a', 1, 'DECLINED'), turn('b', 2)])).toEqual([]);
  });

  it('for any groups and any order of signing within a turn: nobody signs before an earlier group is done, and the last signature completes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 7 }),
        fc.infiniteStream(fc.nat()),
        (groups, picks) => {
          const signers: SignerTurn[] = groups.map((group, i) => ({ signerId: `s${i}`, group, state: 'WAITING' }));
          let project: SigningProjectState = SIGNING_PROJECT_LIFECYCLE.next('DRAFT', 'SEND', 'GP_OWNER');
          const pick = picks[Symbol.iterator]();
          for (let step = 0; step < signers.length; step++) {
            for (const id of signersToNotify(signers)) {
              const s = signers.find((x) => x.signerId === id)!;
              // Whoever is told now: every signer of an earlier group has signed.
              expect(signers.filter((x) => x.group < s.group).every((x) => x.state === 'SIGNED')).toBe(true);
              s.state = SIGNER_LIFECYCLE.next(s.state, 'NOTIFY', 'SYSTEM');
            }
            const inTurn = signers.filter((s) => isSignersTurn(signers, s.signerId));
            expect(inTurn.length).toBeGreaterThan(0);
            for (const s of signers) {
              if (!inTurn.includes(s) && s.state !== 'SIGNED') expect(s.group).toBeGreaterThan(currentGroup(signers)!);
            }
            const signer = inTurn[(pick.next().value as number) % inTurn.length]!;
            const event = projectEventForSignature(signers, signer.signerId);
            signer.state = SIGNER_LIFECYCLE.next(
              SIGNER_LIFECYCLE.next(signer.state, 'VERIFY', 'SIGNER'),
              'SIGN',
              'SIGNER',
            );
            project = SIGNING_PROJECT_LIFECYCLE.next(project, event, 'SIGNER');
            expect(project === 'COMPLETED').toBe(step === signers.length - 1);
          }
          expect(signers.every((s) => s.state === 'SIGNED')).toBe(true);
          expect(currentGroup(signers)).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describeLifecycleProperties(SIGNING_PROJECT_LIFECYCLE, { actors: SIGNING_ACTORS });
describeLifecycleProperties(SIGNER_LIFECYCLE, { actors: SIGNING_ACTORS });
