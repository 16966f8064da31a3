import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit } from '#lib/db/commit';
import { sendEmail } from '#lib/mailer';
import { portalLink } from '../auth/notifications.js';
import { type ProfileRecord, readProfile } from '../profile/profile.repo.js';
import { readJourneyMeta, readPublishedGraph } from '../scenario/scenario.repo.js';
import { newTempToken } from '../scenario/temp-token.js';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import { getTenant } from '../tenant/tenant.repo.js';
import type { Consumer } from './consumer.js';

/**
 * Temp-token links (issue 13, deliverable 6; docs/subscriptions.md "Scenario flows"): when a node for
 * a joint holder or an entity's authorised signatory opens, each such person of the subscription's
 * profile (a JOINT profile's co-holders; an ENTITY's members with the EXTERNAL role) with an email
 * gets a link of their own to that step. The token is made here, not in the request, so it exists
 * only in the email and never in a stored event; only its hash is kept (functions/src/scenario/
 * temp-token.ts). One email per person per run of the node: a redelivered event sends none twice.
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

const TEXT: Record<
  Lang,
  {
    subject: (fund: string) => string;
    body: (v: { name: string; fund: string; link: string; until: string }) => string;
  }
> = {
  en: {
    subject: (fund) => `Your step in a subscription to ${fund}`,
    body: (v) =>
      `Hello ${v.name},\n\nA subscription to ${v.fund} needs a step from you. Open your personal link to complete it:\n\n${v.link}\n\nThe link works once and until ${v.until} (UTC). If you did not expect this email, ignore it.`,
  },
  'zh-CN': {
    subject: (fund) => `${fund} 认购中需要您完成的步骤`,
    body: (v) =>
      `${v.name}，您好：\n\n${v.fund} 的一项认购需要您完成一个步骤。请打开您的专属链接完成：\n\n${v.link}\n\n该链接仅可使用一次，有效期至 ${v.until}（UTC）。如非本人操作，请忽略此邮件。`,
  },
};

/** The parties of a sign node's co-signers (its `signers` beyond the investor). */
const coSigners = async (tenantId: string, subscriptionId: string, nodeId: string): Promise<string[]> => {
  const journey = await readJourneyMeta(tenantId, subscriptionId);
  if (!journey) return [];
  const graph = await readPublishedGraph(tenantId, journey.scenarioId, journey.scenarioVersion);
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (node?.kind !== 'SIGN') return [];
  return [
    ...(node.signers.includes('JOINT_HOLDERS') ? ['JOINT_HOLDER'] : []),
    ...(node.signers.includes('SIGNATORIES') ? ['SIGNATORY'] : []),
  ];
};

export const scenarioLinks: Consumer = {
  name: 'scenarioLinks',
  on: ['SCENARIO_NODE_OPENED'],
  effect: async (event: DomainEvent, once) => {
    const p = event.payload as { party?: string; nodeId?: string; journeyId?: string; kind?: string };
    if (!p.party || !p.nodeId || !p.journeyId) return;
    const subscriptionId = event.subject.id;
    // The node's own party, or for the investor's sign node the co-signers its e-signature project
    // has (joint holders, signatories): they reach their signature through their link too.
    const parties =
      p.party !== 'INVESTOR'
        ? [p.party]
        : p.kind === 'SIGN'
          ? await coSigners(event.tenantId, subscriptionId, p.nodeId)
          : [];
    if (parties.length === 0) return;
    const sub = await getSubscriptionRecord(event.tenantId, subscriptionId);
    const profile = sub?.profileId ? await readProfile(event.tenantId, sub.profileId) : undefined;
    if (!sub || !profile) return;
    const tenant = await getTenant(event.tenantId);
    const lang: Lang = tenant.defaultLanguage ?? 'en';
    for (const [party, contact] of parties.flatMap((party) =>
      partyContacts(profile, party).map((c) => [party, c] as const),
    )) {
      await once(`${p.journeyId}:${p.nodeId}:${contact.personId}`, async () => {
        // The step may have moved on (answered, or the journey went back) before this event arrived.
        const journey = await readJourneyMeta(event.tenantId, subscriptionId);
        if (!journey || journey.journeyId !== p.journeyId || journey.currentNodeId !== p.nodeId) return;
        const actor: Actor = {
          tenantId: event.tenantId,
          userId: 'SYSTEM',
          requestId: `scenario-link-${event.eventId}`,
          at: clock.nowIso(),
        };
        const issued = newTempToken(event.tenantId, {
          subscriptionId,
          nodeId: p.nodeId!,
          journeyId: p.journeyId!,
          party,
          personId: contact.personId,
          email: contact.email,
        });
        await commit(actor, { steps: [issued.step], events: [], result: undefined });
        const link = await portalLink(tenant.prefix, `/scenario-link/${encodeURIComponent(issued.token)}`, {});
        const text = TEXT[lang];
        await sendEmail({
          to: contact.email,
          subject: text.subject(sub.fund),
          text: text.body({
            name: contact.name,
            fund: sub.fund,
            link,
            until: issued.expiresAt.slice(0, 16).replace('T', ' '),
          }),
        });
      });
    }
  },
};
