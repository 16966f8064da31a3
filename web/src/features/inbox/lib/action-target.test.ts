import { INBOX_CATALOGUE } from '@tranche/shared/inbox/catalogue';
import { describe, expect, it } from 'vitest';
import { actionPage } from './action-target';

/** The action as the API renders it: the catalogue's path with its placeholders filled. */
const actionOf = (kind: keyof typeof INBOX_CATALOGUE) => ({
  action: INBOX_CATALOGUE[kind].action ?? 'VIEW',
  label: 'Open',
  path: (INBOX_CATALOGUE[kind].path ?? '/').replace(/\{\w+\}/g, '01J00000000000000000000REF'),
});

describe('actionPage', () => {
  it('opens the pages issue 11 added: the documents a KYC case asks for, the case, a bank approval, a renewal', () => {
    for (const kind of [
      'KYC_DOCUMENTS_REQUIRED',
      'GP_KYC_CASE_REVIEW',
      'GP_BANK_CHANGE_APPROVAL',
      'ELIGIBILITY_RENEWAL',
    ] as const) {
      if (!(kind in INBOX_CATALOGUE)) throw new Error(`${kind} is not in the inbox catalogue`);
      const action = actionOf(kind);
      expect(actionPage(action as never), `${kind} ${action.path}`).toBe(action.path);
    }
  });

  it("opens issue 12's pages: the signer's page (never completing a signer's task without a signature) and the manager's project", () => {
    for (const kind of [
      'SIGNING_REQUESTED',
      'GP_SIGNING_REQUESTED',
      'GP_SIGNING_LINK_LOCKED',
      'GP_SIGNING_DECLINED',
    ] as const) {
      if (!(kind in INBOX_CATALOGUE)) throw new Error(`${kind} is not in the inbox catalogue`);
      const action = actionOf(kind);
      expect(actionPage(action as never), `${kind} ${action.path}`).toBe(action.path);
    }
  });

  it("opens issue 14's pages: the investment a capital call, NAV or distribution message names, the IRA instruction, the redemption a redemption message names, the redemption to amend", () => {
    for (const kind of [
      'CAPITAL_CALL_CLOSE_ENDED',
      'CAPITAL_CALL_OPEN_ENDED',
      'CAPITAL_CALL_IRA',
      'NAV_UPDATED',
      'DISTRIBUTION_CORRECTED',
      'REDEMPTION_REQUESTED',
      'REDEMPTION_CONFIRMED',
      'REDEMPTION_DEALT',
      'REDEMPTION_CORRECTED',
      'REDEMPTION_CHANGES_REQUIRED',
    ] as const) {
      if (!(kind in INBOX_CATALOGUE)) throw new Error(`${kind} is not in the inbox catalogue`);
      const action = actionOf(kind);
      expect(actionPage(action as never), `${kind} ${action.path}`).toBe(action.path);
    }
  });

  it('leaves pages that do not exist yet to the API (the button completes the task instead)', () => {
    expect(
      actionPage({ action: 'UPLOAD', label: 'Upload', path: '/redemptions/01J0/documents' } as never),
    ).toBeUndefined();
    expect(actionPage(undefined)).toBeUndefined();
  });
});
