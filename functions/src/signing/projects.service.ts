import type { Role } from '@tranche/shared/auth/roles';
import type { FieldIssue } from '@tranche/shared/errors/catalogue';
import type {
  CreateSigningProject,
  SignerInput,
  SigningDocument,
  SigningField,
  SigningFileLink,
  SigningProjectDetail,
  StartSigningProject,
  UpdateSigningProject,
  UpdateSigningProjectFile,
  UpdateSigningProjectFiles,
} from '@tranche/shared/signing/signing.schema';
import {
  SIGNER_LIFECYCLE,
  SIGNING_PROJECT_LIFECYCLE,
  type SignerState,
  type SigningActor,
  signersToNotify,
} from '@tranche/shared/signing/signing-state';
import type { Actor } from '#lib/audit';
import { presignDownload } from '#lib/aws/s3';
import { tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { findUser } from '../user/user.repo.js';
import { checkFieldAssignments, checkFieldsOnPageSizes } from './field-rules.js';
import {
  type DocumentItem,
  type ProjectBundle,
  type ProjectItem,
  readPdf,
  readProject,
  type SignerItem,
  toDetail,
} from './projects.repo.js';
import { freshCodeState } from './signing-code.js';

/**
 * The manager's side of a signing project (issue 12, docs/signing.md "Manager's side"): prepare a
 * DRAFT (settings, signers, documents, fields), send it, resend one signer's link, void it. Every
 * change is one commit: the project's #META on the version read (so two editors, or an edit racing
 * the send, cannot both win), the parts it changes, and the events. What the events cause (the
 * signers' tasks and emails, link tokens) is done by the signer side's consumers, never here.
 */

export const DEFAULT_EXPIRES_IN_DAYS = 30;
export const DEFAULT_REMINDER_EVERY_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

/** Signer states that have not acted for good: a void cancels these. */
const OPEN_SIGNER_STATES: ReadonlySet<SignerState> = new Set(['WAITING', 'NOTIFIED', 'VERIFIED', 'LOCKED']);

export const asActor = (role: Role): SigningActor => {
  // Investors act on a project only as its signers (the signer side); a manager's route never lets an LP in.
  if (role === 'LP') throw new DomainError('FORBIDDEN');
  return role;
};

/** Builds the item of a part of the project: the table's keys with the record. */
export const put = (item: Record<string, unknown>, condition?: string, values?: Record<string, unknown>): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: item,
      ...(condition ? { ConditionExpression: condition } : {}),
      ...(values ? { ExpressionAttributeValues: values } : {}),
    },
  },
});

const del = (key: { PK: string; SK: string }): Step => ({
  item: { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(PK)' } },
});

/**
 * The #META update of every change: the version read moves on by one (a concurrent change makes the
 * condition fail and the decision is made again), with the attributes given set or removed.
 */
const metaStep = (
  tenantId: string,
  project: ProjectItem,
  at: string,
  set: Record<string, unknown> = {},
  remove: readonly string[] = [],
): Step => {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':seen': project.version, ':next': project.version + 1, ':at': at };
  const sets = ['#version = :next', '#updatedAt = :at'];
  Object.entries(set).forEach(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  const removes = remove.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.signingProject(tenantId, project.projectId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: '#version = :seen',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

/** A signer's move on the version read, with the attributes given. */
const signerStep = (tenantId: string, signer: SignerItem, set: Record<string, unknown>): Step => {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':seen': signer.version, ':next': signer.version + 1 };
  const sets = ['#version = :next'];
  Object.entries(set).forEach(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.signer(tenantId, signer.projectId, signer.signerId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: '#version = :seen',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

export const documentItem = (tenantId: string, doc: DocumentItem) => ({
  ...keys.signingDocument(tenantId, doc.projectId, doc.documentId),
  type: 'SIGNING_DOCUMENT',
  ...doc,
});

export const signerItem = (tenantId: string, signer: SignerItem) => ({
  ...keys.signer(tenantId, signer.projectId, signer.signerId),
  ...(signer.userId
    ? keys.signerOfUser(tenantId, signer.userId, signer.createdAt, signer.projectId, signer.signerId)
    : {}),
  type: 'SIGNER',
  ...signer,
});

/** A draft's change: the version sent must be the one stored, and the project still a draft. */
const draftOf = async (tenantId: string, projectId: string, version: number): Promise<ProjectBundle> => {
  const bundle = await readProject(tenantId, projectId);
  if (bundle.project.status !== 'DRAFT') throw new DomainError('signingProjectNotDraft');
  if (bundle.project.version !== version) throw new DomainError('VERSION_CONFLICT');
  return bundle;
};

/** The detail after a change, as the caller's next edit must see it (the versions moved). */
const detailAfter = (tenantId: string, projectId: string) => async () =>
  toDetail(await readProject(tenantId, projectId));

// ---- Create

export interface ProjectOrigin {
  refKind?: string;
  refId?: string;
}

/** The #META item and CREATED event of a new draft (also used by createProjectFromTemplate). */
export const newProjectSteps = (
  actor: Actor,
  projectId: string,
  input: CreateSigningProject & { tagValues?: Record<string, string> },
  origin: ProjectOrigin = {},
  signerCount = 0,
): { project: ProjectItem; steps: Step[]; events: EventDraft[] } => {
  const project: ProjectItem = {
    projectId,
    name: input.name,
    status: 'DRAFT',
    version: 1,
    language: input.language ?? 'en',
    createdAt: actor.at,
    createdBy: actor.userId,
    updatedAt: actor.at,
    expiresInDays: input.expiresInDays ?? DEFAULT_EXPIRES_IN_DAYS,
    reminderEveryDays: input.reminderEveryDays ?? DEFAULT_REMINDER_EVERY_DAYS,
    ...(origin.refKind ? { refKind: origin.refKind } : {}),
    ...(origin.refId ? { refId: origin.refId } : {}),
    ...(input.tagValues ? { tagValues: input.tagValues } : {}),
  };
  return {
    project,
    steps: [
      put(
        {
          ...keys.signingProject(actor.tenantId, projectId),
          ...keys.signingProjectsIndex(actor.tenantId, actor.at, projectId),
          type: 'SIGNING_PROJECT',
          ...project,
          // Kept on #META so the manager's list answers from one Query (pattern 40a).
          signerCount,
          signedCount: 0,
        },
        'attribute_not_exists(PK)',
      ),
    ],
    events: [
      event('SIGNING_PROJECT_CREATED', projectId, {
        projectId,
        name: input.name,
        ...(origin.refKind ? { refKind: origin.refKind } : {}),
        ...(origin.refId ? { refId: origin.refId } : {}),
      }),
    ],
  };
};

export const createProject = async (
  actor: Actor,
  role: Role,
  input: CreateSigningProject,
): Promise<SigningProjectDetail> => {
  asActor(role);
  const projectId = newId();
  const { project, steps, events } = newProjectSteps(actor, projectId, input);
  await commit(actor, { steps, events, result: undefined });
  return { project, documents: [], signers: [] };
};

// ---- Settings and signers

/**
 * Checks that each signer's account exists in this tenant and that no signer is listed twice: 422
 * signingSignersInvalid naming each bad one (the body is valid in shape; this is a business check).
 */
export const checkSignerAccounts = async (tenantId: string, signers: readonly SignerInput[]): Promise<void> => {
  const issues: FieldIssue[] = [];
  await Promise.all(
    signers.map(async (s, i) => {
      if (s.userId && !(await findUser(tenantId, s.userId))) {
        issues.push({ field: `signers.${i}.userId`, rule: 'exists', message: 'No such user in this tenant' });
      }
    }),
  );
  const ids = signers.map((s) => s.signerId).filter((id): id is string => id !== undefined);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) issues.push({ field: `signers.${i}.signerId`, rule: 'unique', message: 'Repeated' });
  });
  if (issues.length) throw new DomainError('signingSignersInvalid', { field: issues[0]?.field, fields: issues });
};

export const updateProject = async (
  actor: Actor,
  role: Role,
  input: UpdateSigningProject,
): Promise<SigningProjectDetail> => {
  asActor(role);
  if (input.signers) await checkSignerAccounts(actor.tenantId, input.signers);
  // Ids of new signers are made once, outside the decision, so a retried decision writes the same ones.
  const newIds = (input.signers ?? []).map((s) => s.signerId ?? newId());
  await commit(actor, async () => {
    const { project, signers } = await draftOf(actor.tenantId, input.projectId, input.version);
    const steps: Step[] = [];
    const set: Record<string, unknown> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.expiresInDays !== undefined) set.expiresInDays = input.expiresInDays;
    if (input.reminderEveryDays !== undefined) set.reminderEveryDays = input.reminderEveryDays;
    if (input.signers) {
      set.signerCount = input.signers.length;
      const kept = new Set(newIds);
      for (const old of signers)
        if (!kept.has(old.signerId)) steps.push(del(keys.signer(actor.tenantId, old.projectId, old.signerId)));
      input.signers.forEach((s, i) => {
        const signerId = newIds[i] as string;
        const existing = signers.find((o) => o.signerId === signerId);
        const item: SignerItem = {
          signerId,
          projectId: project.projectId,
          name: s.name,
          email: s.email.toLowerCase(),
          ...(s.userId ? { userId: s.userId } : {}),
          role: s.role,
          ...(s.onBehalfOf ? { onBehalfOf: s.onBehalfOf } : {}),
          group: s.group,
          state: 'WAITING',
          version: (existing?.version ?? 0) + 1,
          createdAt: existing?.createdAt ?? actor.at,
        };
        steps.push(put(signerItem(actor.tenantId, item)));
      });
    }
    steps.unshift(metaStep(actor.tenantId, project, actor.at, set));
    const what = input.signers ? 'SIGNERS' : 'SETTINGS';
    return {
      steps,
      events: [
        event('SIGNING_PROJECT_UPDATED', project.projectId, {
          projectId: project.projectId,
          version: project.version + 1,
          what,
        }),
      ],
      result: undefined,
    };
  });
  return detailAfter(actor.tenantId, input.projectId)();
};

// ---- Documents

export const updateProjectFiles = async (
  actor: Actor,
  role: Role,
  input: UpdateSigningProjectFiles,
): Promise<SigningProjectDetail> => {
  asActor(role);
  // Every file must be a checked PDF of this tenant; its page sizes and hash are copied onto the document.
  const pdfs = await Promise.all(
    input.documents.map(async (d, i) => {
      const pdf = await readPdf(actor.tenantId, d.fileId);
      if (pdf.status !== 'READY' || !pdf.sha256 || !pdf.pages) {
        throw new DomainError('signingFileNotReady', { field: `documents.${i}.fileId` });
      }
      return pdf;
    }),
  );
  const newIds = input.documents.map((d) => d.documentId ?? newId());
  await commit(actor, async () => {
    const { project, documents } = await draftOf(actor.tenantId, input.projectId, input.version);
    const kept = new Set(newIds);
    const steps: Step[] = [metaStep(actor.tenantId, project, actor.at)];
    for (const old of documents) {
      if (!kept.has(old.documentId))
        steps.push(del(keys.signingDocument(actor.tenantId, old.projectId, old.documentId)));
    }
    input.documents.forEach((d, i) => {
      const pdf = pdfs[i]!;
      const documentId = newIds[i] as string;
      const existing = documents.find((o) => o.documentId === documentId);
      const doc: DocumentItem = {
        documentId,
        projectId: project.projectId,
        name: d.name,
        fileId: d.fileId,
        order: i,
        sourceSha256: pdf.sha256 as string,
        pages: pdf.pages ?? [],
        // Fields were placed on that file's pages: another file starts without any.
        fields: existing && existing.fileId === d.fileId ? existing.fields : [],
      };
      steps.push(put(documentItem(actor.tenantId, doc)));
    });
    return {
      steps,
      events: [
        event('SIGNING_PROJECT_UPDATED', project.projectId, {
          projectId: project.projectId,
          version: project.version + 1,
          what: 'DOCUMENTS',
        }),
      ],
      result: undefined,
    };
  });
  return detailAfter(actor.tenantId, input.projectId)();
};

export const updateProjectFile = async (
  actor: Actor,
  role: Role,
  input: UpdateSigningProjectFile,
): Promise<SigningProjectDetail> => {
  asActor(role);
  await commit(actor, async () => {
    const { project, documents, signers } = await draftOf(actor.tenantId, input.projectId, input.version);
    const doc = documents.find((d) => d.documentId === input.documentId);
    if (!doc) {
      throw new DomainError('PARAMS_ERROR', {
        field: 'documentId',
        fields: [{ field: 'documentId', rule: 'exists', message: 'No such document in this project' }],
      });
    }
    checkFieldsOnPageSizes(doc.pages, input.fields);
    checkFieldAssignments(input.fields, new Map(signers.map((s) => [s.signerId, s])), role);
    return {
      steps: [
        metaStep(actor.tenantId, project, actor.at),
        put(documentItem(actor.tenantId, { ...doc, fields: input.fields })),
      ],
      events: [
        event('SIGNING_PROJECT_UPDATED', project.projectId, {
          projectId: project.projectId,
          version: project.version + 1,
          what: 'FIELDS',
          documentId: doc.documentId,
        }),
      ],
      result: undefined,
    };
  });
  return detailAfter(actor.tenantId, input.projectId)();
};

// ---- Send

/** What stops a draft from being sent, as 400 signingProjectNotReady naming the first thing to fix. */
export const sendProblems = (
  documents: readonly SigningDocument[],
  signers: readonly SignerItem[],
  tagValues: Readonly<Record<string, string>>,
): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (documents.length === 0) issues.push({ field: 'documents', rule: 'required', message: 'Add a document' });
  if (signers.length === 0) issues.push({ field: 'signers', rule: 'required', message: 'Add a signer' });
  const ids = new Set(signers.map((s) => s.signerId));
  const withFields = new Set<string>();
  documents.forEach((doc, d) => {
    doc.fields.forEach((f: SigningField, i) => {
      const field = `documents.${d}.fields.${i}`;
      if (f.signerId !== undefined) {
        if (ids.has(f.signerId)) withFields.add(f.signerId);
        else issues.push({ field, rule: 'signerExists', message: `${f.fieldId}: its signer was removed` });
      }
      if (f.tag !== undefined && !tagValues[f.tag]) {
        issues.push({ field: `tagValues.${f.tag}`, rule: 'required', message: `${f.fieldId}: no value for ${f.tag}` });
      }
    });
  });
  signers.forEach((s, i) => {
    if (!withFields.has(s.signerId)) {
      issues.push({ field: `signers.${i}`, rule: 'hasField', message: `${s.name} has no field to sign` });
    }
  });
  return issues;
};

/** The account type a signer's messages go to (the investor portal or the console), when they have an account. */
const accountTypeOf = async (tenantId: string, signer: SignerItem): Promise<'LP' | 'GP' | undefined> => {
  if (!signer.userId) return undefined;
  const user = await findUser(tenantId, signer.userId);
  return user ? (user.role === 'LP' ? 'LP' : 'GP') : undefined;
};

/** SIGNER_NOTIFIED / SIGNER_RESENT payload: who is told, with display names for the texts. */
export const signerMessage = async (tenantId: string, project: ProjectItem, signer: SignerItem) => {
  const accountType = await accountTypeOf(tenantId, signer);
  return {
    refId: signer.signerId,
    projectId: project.projectId,
    project: project.name.slice(0, 300),
    signer: signer.name.slice(0, 300),
    ...(signer.userId && accountType ? { userIds: [signer.userId], accountType } : {}),
  };
};

/**
 * DRAFT -> SENT: the tag values are fixed, the expiry is set, and the first group's signers are
 * NOTIFIED (each a SIGNER_NOTIFIED event: the signer side opens their task or emails their link).
 */
export const startProject = async (
  actor: Actor,
  role: Role,
  input: StartSigningProject,
): Promise<SigningProjectDetail> => {
  const by = asActor(role);
  await commit(actor, async () => {
    const { project, documents, signers } = await readProject(actor.tenantId, input.projectId);
    const to = SIGNING_PROJECT_LIFECYCLE.next(project.status, 'SEND', by);
    if (project.version !== input.version) throw new DomainError('VERSION_CONFLICT');
    const tagValues: Record<string, string> = { ...project.tagValues, ...input.tagValues };
    const problems = sendProblems(documents, signers, tagValues);
    // The same page rule as the editor's save, again: the sizes are the checked file's.
    for (const doc of documents) checkFieldsOnPageSizes(doc.pages, doc.fields);
    if (problems.length) {
      throw new DomainError('signingProjectNotReady', { field: problems[0]?.field, fields: problems });
    }
    const expiresAt = new Date(Date.parse(actor.at) + project.expiresInDays * DAY_MS).toISOString();
    const notify = new Set(signersToNotify(signers));
    const steps: Step[] = [
      metaStep(actor.tenantId, project, actor.at, {
        status: to,
        sentAt: actor.at,
        expiresAt,
        tagValues,
        signerCount: signers.length,
      }),
    ];
    const events: EventDraft[] = [
      event('SIGNING_PROJECT_SENT', project.projectId, {
        projectId: project.projectId,
        version: project.version + 1,
        expiresAt,
        senderId: actor.userId,
      }),
    ];
    for (const signer of signers.filter((s) => notify.has(s.signerId))) {
      const state = SIGNER_LIFECYCLE.next(signer.state, 'NOTIFY', 'SYSTEM');
      steps.push(signerStep(actor.tenantId, signer, { state, notifiedAt: actor.at, code: freshCodeState() }));
      events.push(event('SIGNER_NOTIFIED', project.projectId, await signerMessage(actor.tenantId, project, signer)));
    }
    return { steps, events, result: undefined };
  });
  return detailAfter(actor.tenantId, input.projectId)();
};

/**
 * One signer is sent their link again: a fresh code state (a locked link opens again, the five tries
 * start over) and NOTIFIED; the signer side's consumer issues a new link token and emails it.
 */
export const resendSigner = async (
  actor: Actor,
  role: Role,
  input: { projectId: string; signerId: string },
): Promise<SigningProjectDetail> => {
  const by = asActor(role);
  await commit(actor, async () => {
    const { project, signers } = await readProject(actor.tenantId, input.projectId);
    SIGNING_PROJECT_LIFECYCLE.next(project.status, 'RESEND', by);
    const signer = signers.find((s) => s.signerId === input.signerId);
    if (!signer) throw new DomainError('signingSignerNotFound');
    const state = SIGNER_LIFECYCLE.next(signer.state, 'RESEND', by);
    return {
      steps: [
        metaStep(actor.tenantId, project, actor.at),
        signerStep(actor.tenantId, signer, { state, notifiedAt: actor.at, code: freshCodeState() }),
      ],
      events: [event('SIGNER_RESENT', project.projectId, await signerMessage(actor.tenantId, project, signer))],
      result: undefined,
    };
  });
  return detailAfter(actor.tenantId, input.projectId)();
};

/** The sender voids a sent project: every signer still open is CANCELLED, their tasks close. */
export const voidProject = async (
  actor: Actor,
  role: Role,
  input: { projectId: string; reason: string },
): Promise<SigningProjectDetail> => {
  const by = asActor(role);
  await commit(actor, async () => {
    const { project, signers } = await readProject(actor.tenantId, input.projectId);
    const to = SIGNING_PROJECT_LIFECYCLE.next(project.status, 'VOID', by);
    const open = signers.filter((s) => OPEN_SIGNER_STATES.has(s.state));
    return {
      steps: [
        metaStep(actor.tenantId, project, actor.at, { status: to, voidReason: input.reason, voidedAt: actor.at }),
        ...open.map((s) =>
          signerStep(actor.tenantId, s, { state: SIGNER_LIFECYCLE.next(s.state, 'CANCEL', 'SYSTEM') }),
        ),
      ],
      events: [
        event('SIGNING_PROJECT_VOIDED', project.projectId, {
          refId: project.projectId,
          projectId: project.projectId,
          reason: input.reason,
          cancelledSignerIds: open.map((s) => s.signerId),
          senderId: actor.userId,
        }),
        ...open.map((s) =>
          event('SIGNER_CANCELLED', project.projectId, {
            refId: s.signerId,
            projectId: project.projectId,
            because: 'VOIDED',
          }),
        ),
      ],
      result: undefined,
    };
  });
  return detailAfter(actor.tenantId, input.projectId)();
};

// ---- Read and download

/**
 * The manager sees every project of the tenant; an investor only one they sign (their account on a
 * signer), anyone else's is 404 as if it did not exist.
 */
export const visibleProject = async (tenantId: string, role: Role, userId: string, projectId: string) => {
  const bundle = await readProject(tenantId, projectId);
  if (role === 'LP' && !bundle.signers.some((s) => s.userId === userId))
    throw new DomainError('signingProjectNotFound');
  return bundle;
};

/** A file name a person recognises, ending in .pdf, with the document's own name (any script). */
export const sealedFileName = (name: string): string => {
  const base = name.replace(/\.pdf$/i, '').trim() || 'document';
  return `${base} (signed).pdf`;
};

/**
 * A five-minute link to a sealed document (the first one when none is named), audited. 409
 * signingNotSealed until the completion stored it.
 */
export const sealedDocumentLink = async (
  actor: Actor,
  role: Role,
  input: { projectId: string; documentId?: string | undefined },
): Promise<SigningFileLink> => {
  const bundle = await visibleProject(actor.tenantId, role, actor.userId, input.projectId);
  const doc = input.documentId ? bundle.documents.find((d) => d.documentId === input.documentId) : bundle.documents[0];
  if (!doc) throw new DomainError('signingProjectNotFound');
  if (!doc.sealed) throw new DomainError('signingNotSealed');
  const fileName = sealedFileName(doc.name);
  const link = await presignDownload(doc.sealed.key, { fileName, contentType: 'application/pdf' });
  await commit(actor, {
    steps: [],
    events: [
      event('SIGNING_FILE_DOWNLOADED', bundle.project.projectId, {
        projectId: bundle.project.projectId,
        documentId: doc.documentId,
        sha256: doc.sealed.sha256,
      }),
    ],
    result: undefined,
  });
  return { ...link, fileName, sha256: doc.sealed.sha256 };
};
