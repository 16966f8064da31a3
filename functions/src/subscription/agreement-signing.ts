import { Readable } from 'node:stream';
import { mapSignersToPlaces } from '@tranche/shared/scenario/sign-template';
import type { ContractTagKey } from '@tranche/shared/subscription/contract-tags';
import { PDFDocument } from 'pdf-lib';
import type { Actor } from '#lib/audit';
import { readObject, uploadStream } from '#lib/aws/s3';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { partyContacts } from '../events/scenario-links.js';
import { objectKeys as productObjectKeys } from '../product/document-object-keys.js';
import { readProfile } from '../profile/profile.repo.js';
import { readJourneyMeta, readPublishedGraph } from '../scenario/scenario.repo.js';
import { findPdf, findProject } from '../signing/projects.repo.js';
import { put } from '../signing/projects.service.js';
import { describeSourcePdf, loadSourcePdf } from '../signing/seal/source-pdf.js';
import { isWinAnsi } from '../signing/signer/rules.js';
import { signingObjectKeys } from '../signing/signing-object-keys.js';
import { createProjectFromTemplate, type TemplateDocument } from '../signing/templates.js';
import { readTemplate } from '../signing/templates.repo.js';
import { findUser } from '../user/user.repo.js';
import { appendSignaturePages, type SignatureBlock } from './agreement-pdf.js';
import {
  putSubscriptionSigning,
  readSubscriptionSigning,
  type SubscriptionSigner,
  type SubscriptionSigningRecord,
} from './signing.repo.js';
import { getSubscriptionRecord, type SubscriptionRecord } from './subscription.repo.js';
import { applySubscriptionEvent } from './subscription.service.js';

/**
 * The subscription's signing projects, made in the signing worker (pdf-lib; docs/subscriptions.md
 * "Signing and countersigning"):
 *
 * - **Agreement** (a journey reached a SIGN node): the fund's subscription agreement is the PDF its
 *   product contract names (`agreementDocumentId`, a READY LEGAL document of the fund); the platform
 *   appends a signature page with the subscription's facts as contract tags and one block per signer
 *   (the investor; every joint holder; an entity's authorised signatories), keeps it as a checked
 *   source PDF and sends a project made from it with `createProjectFromTemplate`. A fund without an
 *   agreement gets the signature page alone, headed by the contract's terms. A node that names a kept
 *   signing template gets that template's documents and placed fields instead, its places filled by
 *   the node's signers (shared/src/scenario/sign-template.ts); a template deleted since, or one this
 *   subscription's signers cannot fill, falls back to the fund's agreement (logged).
 * - **Countersignature** (an admin countersigned an approved subscription): a project over the
 *   investor side's sealed agreement, with a countersignature page for that admin (GP signer).
 *
 * Each is idempotent: the record (keys.ts pattern 48) is written first with the ids the project and
 * its file will take, so a retried event finds them and makes nothing twice.
 */

const winAnsi = (text: string): string => [...text].map((ch) => (isWinAnsi(ch) ? ch : '?')).join('');

const amountText = (sub: SubscriptionRecord): string => {
  if (sub.amount === undefined) return '-';
  const [whole = '0', fraction] = String(sub.amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sub.currency} ${grouped}${fraction ? `.${fraction}` : ''}`;
};

const getItem = async (key: { PK: string; SK: string }) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

/** The contract tags of a subscription, as the signature page shows them (WinAnsi: the sealing font's). */
export const subscriptionTagValues = async (
  tenantId: string,
  sub: SubscriptionRecord,
): Promise<Partial<Record<ContractTagKey, string>>> => {
  const shareClass = sub.shareClassId
    ? await getItem(keys.shareClass(tenantId, sub.productId, sub.shareClassId))
    : undefined;
  const className = (shareClass?.name as { en?: string } | string | undefined) ?? undefined;
  const values: Partial<Record<ContractTagKey, string>> = {
    PRODUCT_NAME: sub.fund,
    INVESTOR_NAME: sub.investorName,
    SUBSCRIPTION_AMOUNT: amountText(sub),
    SHARE_CLASS: (typeof className === 'string' ? className : className?.en) ?? '-',
    SUBSCRIPTION_ID: sub.subscriptionId,
    SUBSCRIPTION_DATE: sub.createdAt.slice(0, 10),
  };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, winAnsi(v || '-')]));
};

/** The fund's agreement PDF (the product contract's), or undefined when the contract names none. */
const fundAgreement = async (tenantId: string, productId: string) => {
  const contract = await getItem(keys.productContract(tenantId, productId));
  const documentId = contract?.agreementDocumentId as string | undefined;
  const terms = (contract?.terms as { en?: string } | undefined)?.en;
  if (!documentId) return { terms };
  const doc = await getItem(keys.productDocument(tenantId, productId, documentId));
  if (doc?.state !== 'READY') return { terms };
  return { terms, bytes: await readObject(productObjectKeys.document(tenantId, productId, documentId)) };
};

/** Stores a made PDF as a READY source of this tenant (the check's facts taken at once: we made it). */
const storeSource = async (actor: Actor, fileId: string, name: string, bytes: Uint8Array): Promise<void> => {
  if (await findPdf(actor.tenantId, fileId)) return;
  const facts = await describeSourcePdf(bytes);
  await uploadStream(signingObjectKeys.source(actor.tenantId, fileId), Readable.from([bytes]), 'application/pdf');
  const step: Step = put(
    {
      ...keys.signingPdf(actor.tenantId, fileId),
      type: 'SIGNING_PDF',
      fileId,
      name,
      size: bytes.byteLength,
      status: 'READY',
      sha256: facts.sha256,
      pages: facts.pages,
      version: 1,
      createdAt: actor.at,
      createdBy: actor.userId,
      updatedAt: actor.at,
    },
    'attribute_not_exists(PK)',
  );
  await commit(actor, { steps: [step], events: [], result: undefined });
};

const CAPTIONS: Record<SubscriptionSigner['party'], string> = {
  INVESTOR: 'Investor',
  JOINT_HOLDER: 'Joint holder',
  SIGNATORY: 'Authorised signatory',
  GP: 'Countersigned for the fund manager',
};

/** Records the project about to be made (first attempt) or returns the one recorded (a retry). */
const claim = async (
  actor: Actor,
  record: SubscriptionSigningRecord,
  current: SubscriptionSigningRecord | undefined,
): Promise<SubscriptionSigningRecord> => {
  await commit(actor, {
    steps: [putSubscriptionSigning(actor.tenantId, record, current?.version)],
    events: [],
    result: undefined,
  });
  return record;
};

type MadePdf = () => Promise<{ bytes: Uint8Array; fields: Awaited<ReturnType<typeof appendSignaturePages>> }>;

/** A PDF the platform makes (the agreement with its signature page), kept as the record's source file. */
const madeDocument =
  (actor: Actor, record: SubscriptionSigningRecord, documentName: string, make: MadePdf) =>
  async (): Promise<TemplateDocument[]> => {
    const { bytes, fields } = await make();
    await storeSource(actor, record.fileId, documentName, bytes);
    return [{ fileId: record.fileId, name: documentName, fields }];
  };

/** Makes and sends the project unless it exists (a retry after the project's commit). */
const sendProject = async (
  actor: Actor,
  record: SubscriptionSigningRecord,
  make: () => Promise<TemplateDocument[]>,
  details: {
    name: string;
    emails: Map<string, string>;
    onBehalfOf?: string;
    tagValues: Partial<Record<ContractTagKey, string>>;
  },
): Promise<void> => {
  if (await findProject(actor.tenantId, record.projectId)) return;
  const documents = await make();
  await createProjectFromTemplate(actor, 'GP_OWNER', {
    projectId: record.projectId,
    name: details.name,
    refKind: record.purpose === 'AGREEMENT' ? 'subscription' : 'subscription-countersign',
    refId: record.subscriptionId,
    documents,
    signers: record.signers.map((s) => ({
      signerId: s.signerId,
      name: s.name,
      email: details.emails.get(s.signerId) ?? '',
      ...(s.userId ? { userId: s.userId } : {}),
      role: s.party === 'GP' ? 'GP' : 'LP',
      ...(s.party === 'SIGNATORY' && details.onBehalfOf ? { onBehalfOf: details.onBehalfOf } : {}),
      // Everyone on the investor side signs in parallel: none waits for another.
      group: 1,
    })),
    tagValues: details.tagValues,
    send: true,
  });
};

/**
 * The documents of the node's signing template with its places' fields given to the subscription's
 * signers (the rule: shared/src/scenario/sign-template.ts), or undefined when the template cannot be
 * used for this subscription: deleted since the scenario was published, places the signers do not
 * fill, or a tag without a value. The caller then sends the fund's agreement; the log says why.
 */
const templateDocuments = async (
  tenantId: string,
  subscriptionId: string,
  templateId: string,
  signers: readonly SubscriptionSigner[],
  tagValues: Partial<Record<ContractTagKey, string>>,
): Promise<TemplateDocument[] | undefined> => {
  const fallBack = (reason: string) => {
    logger.warn("subscription agreement: the sign step's template is not used; the fund's agreement is sent", {
      subscriptionId,
      templateId,
      reason,
    });
    return undefined;
  };
  let template: Awaited<ReturnType<typeof readTemplate>>;
  try {
    template = await readTemplate(tenantId, templateId);
  } catch (e) {
    if (e instanceof DomainError && e.code === 'signingTemplateNotFound') {
      return fallBack('the template was deleted since the scenario was published');
    }
    throw e;
  }
  const mapped = mapSignersToPlaces(template.signers, signers);
  if (!mapped.ok) return fallBack(mapped.reason);
  const missing = template.tags.find((tag) => !tagValues[tag]);
  if (missing) return fallBack(`the template's tag ${missing} has no value for a subscription`);
  const signerOf = new Map(mapped.pairs.map(({ place, signer }) => [place.signerId, signer.signerId]));
  return template.documents.map((d) => ({
    fileId: d.fileId,
    name: d.name,
    fields: d.fields.map((f) =>
      f.signerId === undefined ? f : { ...f, signerId: signerOf.get(f.signerId) ?? f.signerId },
    ),
  }));
};

/**
 * A journey's SIGN node opened: make and send the agreement's project. Nothing when the node moved on
 * meanwhile (answered, or the journey went back), or when this run's node already has its project.
 */
export const prepareAgreement = async (
  actor: Actor,
  subscriptionId: string,
  at: { journeyId: string; nodeId: string },
): Promise<void> => {
  const journey = await readJourneyMeta(actor.tenantId, subscriptionId);
  if (!journey || journey.journeyId !== at.journeyId || journey.currentNodeId !== at.nodeId) return;
  const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
  const node = graph.nodes.find((n) => n.id === at.nodeId);
  if (node?.kind !== 'SIGN') return;
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!sub) return;
  const current = await readSubscriptionSigning(actor.tenantId, subscriptionId, 'AGREEMENT');
  const profile = sub.profileId ? await readProfile(actor.tenantId, sub.profileId) : undefined;
  const investor = await findUser(actor.tenantId, sub.investorUserId);
  const emails = new Map<string, string>();
  const signers: SubscriptionSigner[] = [];
  const wanted = new Set(node.signers);
  const entityName = profile?.type === 'ENTITY' ? sub.investorName : undefined;
  if (profile && wanted.has('JOINT_HOLDERS')) {
    for (const c of partyContacts(profile, 'JOINT_HOLDER')) {
      signers.push({ signerId: `co-${c.personId}`, party: 'JOINT_HOLDER', personId: c.personId, name: c.name });
      emails.set(`co-${c.personId}`, c.email);
    }
  }
  if (profile && wanted.has('SIGNATORIES')) {
    for (const c of partyContacts(profile, 'SIGNATORY')) {
      signers.push({ signerId: `sig-${c.personId}`, party: 'SIGNATORY', personId: c.personId, name: c.name });
      emails.set(`sig-${c.personId}`, c.email);
    }
  }
  // The investor signs when the node names them, and for an entity without a signatory to reach (the
  // NIGO check still asks for a signatory's signature: the package then stops there, visibly).
  if (wanted.has('INVESTOR') || signers.length === 0) {
    if (!investor) throw new DomainError('AccountNotExist');
    signers.unshift({ signerId: 'holder', party: 'INVESTOR', userId: sub.investorUserId, name: sub.investorName });
    emails.set('holder', investor.email);
  }
  const record =
    current && current.journeyId === at.journeyId && current.nodeId === at.nodeId
      ? current
      : await claim(
          actor,
          {
            subscriptionId,
            purpose: 'AGREEMENT',
            projectId: newId(),
            fileId: newId(),
            journeyId: at.journeyId,
            nodeId: at.nodeId,
            signers,
            state: 'SENT',
            createdAt: actor.at,
            updatedAt: actor.at,
            version: (current?.version ?? 0) + 1,
          },
          current,
        );
  const tagValues = await subscriptionTagValues(actor.tenantId, sub);
  const fundDocument = madeDocument(actor, record, 'Subscription agreement', async () => {
    const agreement = await fundAgreement(actor.tenantId, sub.productId);
    const doc = agreement.bytes ? await loadSourcePdf(agreement.bytes) : await PDFDocument.create();
    const fields = await appendSignaturePages(doc, {
      title: `Subscription agreement - signature page`,
      ...(agreement.bytes || !agreement.terms ? {} : { intro: winAnsi(agreement.terms).slice(0, 110) }),
      tags: Object.keys(tagValues) as ContractTagKey[],
      blocks: record.signers.map(
        (s): SignatureBlock => ({ signerId: s.signerId, caption: `${CAPTIONS[s.party]}: ${s.name}` }),
      ),
    });
    return { bytes: await doc.save({ useObjectStreams: false }), fields };
  });
  await sendProject(
    actor,
    record,
    // The template is read when the project is made (a retry after the project exists reads nothing).
    async () =>
      (node.templateId
        ? await templateDocuments(actor.tenantId, subscriptionId, node.templateId, record.signers, tagValues)
        : undefined) ?? (await fundDocument()),
    {
      name: winAnsi(`Subscription agreement - ${sub.fund} - ${sub.investorName}`).slice(0, 200),
      emails,
      ...(entityName ? { onBehalfOf: entityName } : {}),
      tagValues,
    },
  );
  // The subscription is out for signing (INVESTING or RISK_ASSESSED; anything else: it moved on).
  const fresh = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (fresh && (fresh.status === 'INVESTING' || fresh.status === 'RISK_ASSESSED')) {
    await applySubscriptionEvent(actor, subscriptionId, 'REQUEST_SIGNATURES', {}, { expectedStatus: fresh.status });
  }
  logger.info('subscription agreement sent for signing', { subscriptionId, projectId: record.projectId });
};

/**
 * An admin countersigned (SUBSCRIPTION_COUNTERSIGN_REQUESTED): a project over the investor side's
 * sealed agreement with a countersignature page for that admin. The subscription becomes COMMITTED
 * when it completes (consumer subscriptionSigning).
 */
export const prepareCountersign = async (actor: Actor, subscriptionId: string): Promise<void> => {
  const record = await readSubscriptionSigning(actor.tenantId, subscriptionId, 'COUNTERSIGN');
  const agreement = await readSubscriptionSigning(actor.tenantId, subscriptionId, 'AGREEMENT');
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!record || !agreement || !sub || sub.status !== 'APPROVED' || record.state !== 'SENT') return;
  const gp = record.signers[0];
  const admin = gp?.userId ? await findUser(actor.tenantId, gp.userId) : undefined;
  if (!gp || !admin) return;
  const signed = await findProject(actor.tenantId, agreement.projectId);
  const sealed = signed?.documents[0]?.sealed;
  if (!sealed) throw new Error(`The agreement of ${subscriptionId} is not sealed yet`);
  const tagValues = await subscriptionTagValues(actor.tenantId, sub);
  const countersigner = { ...actor, userId: gp.userId ?? actor.userId };
  const documentName = 'Subscription agreement (countersigned)';
  await sendProject(
    countersigner,
    record,
    madeDocument(countersigner, record, documentName, async () => {
      const doc = await loadSourcePdf(await readObject(sealed.key));
      const fields = await appendSignaturePages(doc, {
        title: 'Countersignature',
        tags: ['PRODUCT_NAME', 'INVESTOR_NAME', 'SUBSCRIPTION_AMOUNT', 'SUBSCRIPTION_ID'],
        blocks: [{ signerId: gp.signerId, caption: `${CAPTIONS.GP}: ${gp.name}` }],
      });
      return { bytes: await doc.save({ useObjectStreams: false }), fields };
    }),
    {
      name: winAnsi(`Countersignature - ${sub.fund} - ${sub.investorName}`).slice(0, 200),
      emails: new Map([[gp.signerId, admin.email]]),
      tagValues,
    },
  );
};
