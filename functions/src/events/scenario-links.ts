import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit } from '#lib/db/commit';
import { sendEmail } from '#lib/mailer';
import { portalLink } from '../auth/notifications.js';
import { readProfile } from '../profile/profile.repo.js';
import { linkParties, type PartyContact, partyContacts } from '../scenario/parties.js';
import {
  putNodeLink,
  readJourneyMeta,
  readNodeLink,
  readPublishedGraph,
  revokeTempToken,
} from '../scenario/scenario.repo.js';
import { hashToken, newTempToken } from '../scenario/temp-token.js';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import { getTenant } from '../tenant/tenant.repo.js';
import type { Consumer, Once } from './consumer.js';

/**
 * Temp-token links (issue 13, deliverable 6; docs/subscriptions.md "Scenario flows"): when a node for
 * a joint holder or an entity's authorised signatory opens, each such person of the subscription's
 * profile (a JOINT profile's co-holders; an ENTITY's members with the EXTERNAL role) with an email
 * gets a link of their own to that step. The token is made here, not in the request, so it exists
 * only in the email and never in a stored event; only its hash is kept (functions/src/scenario/
 * temp-token.ts). One email per person per run of the node: a redelivered event sends none twice.
 *
 * The same commit that stores a link writes the node's link index (keys.ts pattern 53: the live
 * link of each person of the node, which gateway-contacts lists) and revokes the link it replaces.
 * A resend (SCENARIO_LINK_RESEND_REQUESTED, committed by gateway-contacts/v2, which already revoked
 * the old link) sends one person a fresh link here, never in the request.
 */

export { type PartyContact, partyContacts };

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

/** The parties with links of their own at this node of the journey's scenario. */
const nodeParties = async (tenantId: string, subscriptionId: string, nodeId: string): Promise<string[]> => {
  const journey = await readJourneyMeta(tenantId, subscriptionId);
  if (!journey) return [];
  const graph = await readPublishedGraph(tenantId, journey.scenarioId, journey.scenarioVersion);
  return linkParties(graph.nodes.find((n) => n.id === nodeId));
};

type Tenant = Awaited<ReturnType<typeof getTenant>>;

/** Makes a link for one person of a node (token, index, old link revoked: one commit) and emails it. */
const sendLink = async (
  event: DomainEvent,
  tenant: Tenant,
  fund: string,
  link: { subscriptionId: string; nodeId: string; journeyId: string; party: string; contact: PartyContact },
): Promise<void> => {
  const { subscriptionId, nodeId, journeyId, party, contact } = link;
  // The step may have moved on (answered, or the journey went back) before this event arrived.
  const journey = await readJourneyMeta(event.tenantId, subscriptionId);
  if (!journey || journey.journeyId !== journeyId || journey.currentNodeId !== nodeId) return;
  const actor: Actor = {
    tenantId: event.tenantId,
    userId: 'SYSTEM',
    requestId: `scenario-link-${event.eventId}`,
    at: clock.nowIso(),
  };
  const seen = await readNodeLink(event.tenantId, subscriptionId, nodeId, contact.personId);
  const issued = newTempToken(event.tenantId, {
    subscriptionId,
    nodeId,
    journeyId,
    party,
    personId: contact.personId,
    email: contact.email,
  });
  const replaced = seen && !seen.completedAt && Date.parse(seen.expiresAt) > clock.now().getTime();
  await commit(actor, {
    steps: [
      issued.step,
      putNodeLink(
        event.tenantId,
        {
          subscriptionId,
          nodeId,
          personId: contact.personId,
          party,
          journeyId,
          tokenHash: hashToken(issued.token),
          name: contact.name,
          email: contact.email,
          sentAt: actor.at,
          expiresAt: issued.expiresAt,
          sends: seen?.journeyId === journeyId ? seen.sends + 1 : 1,
        },
        seen?.tokenHash,
      ),
      ...(replaced ? [revokeTempToken(event.tenantId, seen.tokenHash, actor.at)] : []),
    ],
    events: [],
    result: undefined,
  });
  const lang: Lang = tenant.defaultLanguage ?? 'en';
  const url = await portalLink(tenant.prefix, `/scenario-link/${encodeURIComponent(issued.token)}`, {});
  const text = TEXT[lang];
  await sendEmail({
    to: contact.email,
    subject: text.subject(fund),
    text: text.body({ name: contact.name, fund, link: url, until: issued.expiresAt.slice(0, 16).replace('T', ' ') }),
  });
};

/** A resend asked through gateway-contacts/v2: one fresh link for the person named. */
const resend = async (event: DomainEvent, once: Once): Promise<void> => {
  const p = event.payload as { party: string; nodeId: string; journeyId: string; personId: string };
  const sub = await getSubscriptionRecord(event.tenantId, event.subject.id);
  const profile = sub?.profileId ? await readProfile(event.tenantId, sub.profileId) : undefined;
  const contact = profile ? partyContacts(profile, p.party).find((c) => c.personId === p.personId) : undefined;
  if (!sub || !contact) return;
  const tenant = await getTenant(event.tenantId);
  await once(p.personId, () =>
    sendLink(event, tenant, sub.fund, {
      subscriptionId: sub.subscriptionId,
      nodeId: p.nodeId,
      journeyId: p.journeyId,
      party: p.party,
      contact,
    }),
  );
};

export const scenarioLinks: Consumer = {
  name: 'scenarioLinks',
  on: ['SCENARIO_NODE_OPENED', 'SCENARIO_LINK_RESEND_REQUESTED'],
  effect: async (event: DomainEvent, once) => {
    if (event.name === 'SCENARIO_LINK_RESEND_REQUESTED') return resend(event, once);
    const p = event.payload as { party?: string; nodeId?: string; journeyId?: string; kind?: string };
    if (!p.party || !p.nodeId || !p.journeyId) return;
    const subscriptionId = event.subject.id;
    // The node's own party, or for the investor's sign node its co-signers (parties.ts).
    const parties =
      p.party !== 'INVESTOR'
        ? [p.party]
        : p.kind === 'SIGN'
          ? await nodeParties(event.tenantId, subscriptionId, p.nodeId)
          : [];
    if (parties.length === 0) return;
    const sub = await getSubscriptionRecord(event.tenantId, subscriptionId);
    const profile = sub?.profileId ? await readProfile(event.tenantId, sub.profileId) : undefined;
    if (!sub || !profile) return;
    const tenant = await getTenant(event.tenantId);
    for (const [party, contact] of parties.flatMap((party) =>
      partyContacts(profile, party).map((c) => [party, c] as const),
    )) {
      await once(`${p.journeyId}:${p.nodeId}:${contact.personId}`, () =>
        sendLink(event, tenant, sub.fund, {
          subscriptionId,
          nodeId: p.nodeId!,
          journeyId: p.journeyId!,
          party,
          contact,
        }),
      );
    }
  },
};
