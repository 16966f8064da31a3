import type { ScenarioNode } from '@tranche/shared/scenario/scenario.schema';
import { describe, expect, it } from 'vitest';
import { linkState } from './contacts.service.js';
import { linkParties } from './parties.js';
import type { NodeLinkRecord } from './scenario.repo.js';

const l = (en: string) => ({ en, 'zh-CN': en });
const now = Date.parse('2026-11-24T10:00:00.000Z');
const link = (over: Partial<NodeLinkRecord> = {}): NodeLinkRecord => ({
  subscriptionId: 'S',
  nodeId: 'n',
  personId: 'p',
  party: 'JOINT_HOLDER',
  journeyId: 'run2',
  tokenHash: 'h',
  name: 'Mei Wong',
  email: 'mei@example.com',
  sentAt: '2026-11-24T09:00:00.000Z',
  expiresAt: '2026-12-01T09:00:00.000Z',
  sends: 1,
  ...over,
});
const at = (over: Partial<Parameters<typeof linkState>[1]> = {}) => ({
  journeyId: 'run2',
  waiting: true,
  reached: true,
  now,
  ...over,
});

describe("a party's link state (gateway-contacts)", () => {
  it('follows the link of the current run: sent, opened, completed', () => {
    expect(linkState(link(), at()).state).toBe('SENT');
    expect(linkState(link({ openedAt: '2026-11-24T09:30:00.000Z' }), at()).state).toBe('OPENED');
    expect(linkState(link({ completedAt: '2026-11-24T09:40:00.000Z' }), at({ waiting: false }))).toEqual({
      state: 'COMPLETED',
      completedAt: '2026-11-24T09:40:00.000Z',
    });
  });

  it('counts a co-signer as done by their signature, whatever their link', () => {
    expect(linkState(undefined, at({ signedAt: '2026-11-24T09:50:00.000Z' })).state).toBe('COMPLETED');
  });

  it('is pending while the link of this run is on its way, or the step is not reached', () => {
    expect(linkState(undefined, at()).state).toBe('PENDING');
    // A link of an earlier run (the journey went back) is not this step's.
    expect(linkState(link({ journeyId: 'run1' }), at()).state).toBe('PENDING');
    expect(linkState(undefined, at({ waiting: false, reached: false })).state).toBe('PENDING');
  });

  it('has expired past its time, or once the journey left the step without them', () => {
    expect(linkState(link({ expiresAt: '2026-11-24T09:59:59.000Z' }), at()).state).toBe('EXPIRED');
    expect(linkState(link(), at({ waiting: false })).state).toBe('EXPIRED');
    expect(linkState(undefined, at({ waiting: false })).state).toBe('EXPIRED');
  });
});

describe('who a node asks besides the investor', () => {
  it("names a node's own party, or the co-signers of the investor's sign node", () => {
    const statement = (party?: 'INVESTOR' | 'JOINT_HOLDER' | 'SIGNATORY') =>
      ({
        id: 's',
        kind: 'STATEMENT',
        title: l('S'),
        body: l('B'),
        consents: [],
        ...(party ? { party } : {}),
      }) as ScenarioNode;
    expect(linkParties(statement('JOINT_HOLDER'))).toEqual(['JOINT_HOLDER']);
    expect(linkParties(statement('SIGNATORY'))).toEqual(['SIGNATORY']);
    expect(linkParties(statement())).toEqual([]);
    expect(linkParties(undefined)).toEqual([]);
    const sign = {
      id: 'g',
      kind: 'SIGN',
      title: l('Sign'),
      documentTitle: l('Agreement'),
      signers: ['INVESTOR', 'JOINT_HOLDERS', 'SIGNATORIES'],
    } as ScenarioNode;
    expect(linkParties(sign)).toEqual(['JOINT_HOLDER', 'SIGNATORY']);
  });
});
