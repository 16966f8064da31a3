import type { Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { SignerInput, SigningField, SigningProjectDetail } from '@tranche/shared/signing/signing.schema';
import { SIGNER_LIFECYCLE, SIGNING_PROJECT_LIFECYCLE, signersToNotify } from '@tranche/shared/signing/signing-state';
import type { ContractTagKey } from '@tranche/shared/subscription/contract-tags';
import type { Actor } from '#lib/audit';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { checkFieldAssignments, checkFieldsOnPageSizes } from './field-rules.js';
import { type DocumentItem, readPdf, readProject, type SignerItem, toDetail } from './projects.repo.js';
import {
  asActor,
  checkSignerAccounts,
  documentItem,
  newProjectSteps,
  put,
  sendProblems,
  signerItem,
  signerMessage,
} from './projects.service.js';
import { freshCodeState } from './signing-code.js';
import { readTemplate } from './templates.repo.js';

/**
 * A signing project made from a template in one commit (issue 12 deliver 3; for the subscription's
 * agreement and the manager's countersignature, issue 13). A template is one or more checked source
 * PDFs (uploaded through /pdf-files) with fields placed on them: the signers' fields, and TEXT/DATE
 * fields carrying a contract tag (shared/src/subscription/contract-tags.ts) that `tagValues` fills.
 * With `send: true` the project is sent in the same commit (first group NOTIFIED), so a caller never
 * leaves a half-made draft behind: either the whole project exists, sent, or nothing does.
 */
export interface TemplateDocument {
  /** A READY source PDF of this tenant (GET /pdffile/detail). */
  fileId: string;
  name: string;
  fields: SigningField[];
}

export interface ProjectFromTemplate {
  name: string;
  language?: Lang;
  expiresInDays?: number;
  reminderEveryDays?: number;
  /** The record the project is for, e.g. `subscription` and its id: kept on the project and in its events. */
  refKind: string;
  refId: string;
  /** The documents with their fields; or, instead, `templateId`: a kept template's (templates.service.ts). */
  documents?: TemplateDocument[];
  /** A kept template of this tenant whose documents and fields to use (404 signingTemplateNotFound). */
  templateId?: string;
  /** Each with the `signerId` its fields name. */
  signers: (SignerInput & { signerId: string })[];
  /** Values of every tag the fields carry, formatted as the document shows them. */
  tagValues: Partial<Record<ContractTagKey, string>>;
  send?: boolean;
  /**
   * The project's id, when the caller chose it beforehand (a subscription's agreement records it first,
   * so a retried consumer finds the project it made rather than making a second one). Default: a new id.
   */
  projectId?: string;
}

const DAY_MS = 24 * 3600 * 1000;

export const createProjectFromTemplate = async (
  actor: Actor,
  role: Role,
  input: ProjectFromTemplate,
): Promise<SigningProjectDetail> => {
  const by = asActor(role);
  await checkSignerAccounts(actor.tenantId, input.signers);
  const projectId = input.projectId ?? newId();
  const sources: TemplateDocument[] =
    input.documents ?? (input.templateId ? (await readTemplate(actor.tenantId, input.templateId)).documents : []);
  const pdfs = await Promise.all(
    sources.map(async (d, i) => {
      const pdf = await readPdf(actor.tenantId, d.fileId);
      if (pdf.status !== 'READY' || !pdf.sha256 || !pdf.pages) {
        throw new DomainError('signingFileNotReady', { field: `documents.${i}.fileId` });
      }
      return pdf;
    }),
  );
  const signers: SignerItem[] = input.signers.map((s) => ({
    signerId: s.signerId,
    projectId,
    name: s.name,
    email: s.email.toLowerCase(),
    ...(s.userId ? { userId: s.userId } : {}),
    role: s.role,
    ...(s.onBehalfOf ? { onBehalfOf: s.onBehalfOf } : {}),
    group: s.group,
    state: 'WAITING',
    version: 1,
    createdAt: actor.at,
  }));
  const byId = new Map(signers.map((s) => [s.signerId, s]));
  const documents: DocumentItem[] = sources.map((d, i) => {
    const pdf = pdfs[i]!;
    checkFieldsOnPageSizes(pdf.pages ?? [], d.fields);
    checkFieldAssignments(d.fields, byId, role);
    return {
      documentId: `d${i + 1}`,
      projectId,
      name: d.name,
      fileId: d.fileId,
      order: i,
      sourceSha256: pdf.sha256 as string,
      pages: pdf.pages ?? [],
      fields: d.fields,
    };
  });
  const tagValues = Object.fromEntries(
    Object.entries(input.tagValues).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const created = newProjectSteps(
    actor,
    projectId,
    {
      name: input.name,
      ...(input.language ? { language: input.language } : {}),
      ...(input.expiresInDays ? { expiresInDays: input.expiresInDays } : {}),
      ...(input.reminderEveryDays ? { reminderEveryDays: input.reminderEveryDays } : {}),
      tagValues,
    },
    { refKind: input.refKind, refId: input.refId },
    signers.length,
  );
  const steps: Step[] = [...created.steps];
  const events: EventDraft[] = [...created.events];
  let project = created.project;
  if (input.send) {
    const problems = sendProblems(documents, signers, tagValues);
    if (problems.length) {
      throw new DomainError('signingProjectNotReady', { field: problems[0]?.field, fields: problems });
    }
    const status = SIGNING_PROJECT_LIFECYCLE.next('DRAFT', 'SEND', by);
    const expiresAt = new Date(Date.parse(actor.at) + project.expiresInDays * DAY_MS).toISOString();
    project = { ...project, status, sentAt: actor.at, expiresAt };
    // The #META item is written once, already sent: the put of the draft is replaced, not followed.
    steps.splice(
      0,
      1,
      put(
        {
          ...((created.steps[0]?.item.Put?.Item ?? {}) as Record<string, unknown>),
          status,
          sentAt: actor.at,
          expiresAt,
        },
        'attribute_not_exists(PK)',
      ),
    );
    events.push(event('SIGNING_PROJECT_SENT', projectId, { projectId, version: 1, expiresAt, senderId: actor.userId }));
    const notify = new Set(signersToNotify(signers));
    for (const s of signers) {
      if (!notify.has(s.signerId)) continue;
      Object.assign(s, {
        state: SIGNER_LIFECYCLE.next(s.state, 'NOTIFY', 'SYSTEM'),
        notifiedAt: actor.at,
        code: freshCodeState(),
      });
      events.push(event('SIGNER_NOTIFIED', projectId, await signerMessage(actor.tenantId, project, s)));
    }
  }
  for (const doc of documents) steps.push(put(documentItem(actor.tenantId, doc), 'attribute_not_exists(PK)'));
  for (const s of signers) steps.push(put(signerItem(actor.tenantId, s), 'attribute_not_exists(PK)'));
  await commit(actor, { steps, events, result: undefined });
  return toDetail(await readProject(actor.tenantId, projectId));
};
