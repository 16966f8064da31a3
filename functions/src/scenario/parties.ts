import type { ScenarioNode } from '@tranche/shared/scenario/scenario.schema';
import type { ProfileRecord } from '../profile/profile.repo.js';

/**
 * Who besides the investor a node waits for (issue 13, deliverable 6; docs/subscriptions.md "Scenario
 * flows" and "Contacts, contract documents, inbox nodes"): the temp-token links' consumer sends them
 * their links, gateway-contacts lists them. Pure, so a route reads them without the mailer.
 */

export interface PartyContact {
  personId: string;
  name: string;
  email: string;
}

/** Who completes a node of `party` for this profile, with an email to reach them. */
export const partyContacts = (profile: ProfileRecord, party: string): PartyContact[] =>
  profile.members.flatMap((m) => {
    const wanted =
      party === 'JOINT_HOLDER'
        ? m.coHolder === true
        : party === 'SIGNATORY'
          ? (m.terms?.roles ?? []).includes('EXTERNAL')
          : false;
    const person = profile.persons[m.personId]?.details;
    const email = m.terms?.email ?? person?.email;
    if (!wanted || !email) return [];
    const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ') || email;
    return [{ personId: m.personId, name, email }];
  });

/**
 * The parties with links of their own at a node: the node's own party when it is not the investor's,
 * or for the investor's sign node the co-signers its e-signature project has (joint holders,
 * signatories), who reach their signature through their link too.
 */
export const linkParties = (node: ScenarioNode | undefined): string[] => {
  if (!node) return [];
  const party = 'party' in node && node.party ? node.party : 'INVESTOR';
  if (party !== 'INVESTOR') return [party];
  if (node.kind !== 'SIGN') return [];
  return [
    ...(node.signers.includes('JOINT_HOLDERS') ? ['JOINT_HOLDER'] : []),
    ...(node.signers.includes('SIGNATORIES') ? ['SIGNATORY'] : []),
  ];
};
