import type {
  SignDetail,
  SignerRef,
  SignerSelf,
  SignProject,
  SignProjectStatus,
} from '@tranche/shared/signing/sign.schema';
import { currentGroup } from '@tranche/shared/signing/signing-state';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import type { DomainError } from '#lib/errors';
import { getTenant } from '../../tenant/tenant.repo.js';
import { consentText } from './consent.js';
import { identifySigner, identifyVerifiedSigner } from './identity.js';
import { type ProjectParts, signerSelf, turnsOf } from './signer.repo.js';
import { sealedPdfUrl, sourcePdfUrl } from './source-link.js';
import { actorOf, fieldsOf, type RequestFacts } from './steps.js';

/**
 * What a signer reads (issue 12): the project before the code (name, sender, state, consent text),
 * and after it the progress, the documents with their own fields (the first opening recorded for
 * the audit certificate) and themselves.
 */
// ---- Reading

const projectHead = async (tenantId: string, parts: ProjectParts) => {
  const tenant = await getTenant(tenantId);
  return {
    projectId: parts.project.projectId,
    name: parts.project.name,
    status: parts.project.status,
    ...(parts.project.expiresAt ? { expiresAt: parts.project.expiresAt } : {}),
    sender: tenant.branding.displayName,
  };
};

export const getProject = async (req: RequestFacts, ref: SignerRef): Promise<SignProject> => {
  const caller = await identifySigner(req, ref.projectId, ref.signerId);
  return {
    project: await projectHead(req.tenantId, caller),
    signer: signerSelf(caller.signer, caller.verified),
    consentText: consentText(req.lang),
  };
};

export const getProjectStatus = async (req: RequestFacts, ref: SignerRef): Promise<SignProjectStatus> => {
  const caller = await identifyVerifiedSigner(req, ref.projectId, ref.signerId);
  const group = currentGroup(turnsOf(caller.signers));
  return {
    project: await projectHead(req.tenantId, caller),
    signers: [...caller.signers]
      .sort((a, b) => a.group - b.group || a.name.localeCompare(b.name))
      .map((s) => ({
        signerId: s.signerId,
        name: s.name,
        role: s.role,
        ...(s.onBehalfOf ? { onBehalfOf: s.onBehalfOf } : {}),
        group: s.group,
        state: s.state,
        ...(s.signedAt ? { signedAt: s.signedAt } : {}),
      })),
    ...(group !== undefined ? { currentGroup: group } : {}),
  };
};

/** Recorded once, on the signer's first opening of the documents (the audit certificate's "first view"). */
class AlreadyViewed extends Error {}

export const getDetail = async (req: RequestFacts, ref: SignerRef): Promise<SignDetail> => {
  const caller = await identifyVerifiedSigner(req, ref.projectId, ref.signerId);
  const { signer } = caller;
  if (!signer.viewedAt) {
    try {
      await commit(actorOf(req, signer), {
        steps: [
          {
            item: {
              Update: {
                TableName: tableName(),
                Key: keys.signer(req.tenantId, ref.projectId, ref.signerId),
                UpdateExpression: 'SET viewedAt = :at',
                ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(viewedAt)',
                ExpressionAttributeValues: { ':at': clock.nowIso() },
              },
            },
            refusal: () => new AlreadyViewed() as unknown as DomainError,
          },
        ],
        events: [event('SIGNER_VIEWED', ref.projectId, { refId: ref.signerId, projectId: ref.projectId })],
        result: undefined,
      });
    } catch (error) {
      // A second tab opened it first: its time is the first view.
      if (!(error instanceof AlreadyViewed)) throw error;
    }
  }
  const mine = fieldsOf(caller, ref.signerId);
  const filled = new Set(caller.values.filter((v) => v.signerId === ref.signerId).map((v) => v.fieldId));
  const documents = await Promise.all(
    caller.documents.map(async (d) => {
      const link = await sourcePdfUrl(req.tenantId, d.fileId, d.name);
      const sealed = d.sealed ? await sealedPdfUrl(d.sealed.key, d.name) : undefined;
      return {
        documentId: d.documentId,
        name: d.name,
        order: d.order,
        pages: d.pages,
        fields: mine
          .filter((m) => m.documentId === d.documentId)
          .map(({ field }) => ({
            fieldId: field.fieldId,
            kind: field.kind,
            pageIndex: field.pageIndex,
            x: field.x,
            y: field.y,
            width: field.width,
            height: field.height,
            required: field.required,
            ...(field.label ? { label: field.label } : {}),
            filled: filled.has(field.fieldId),
          })),
        sourceUrl: link.url,
        sourceUrlExpiresAt: link.expiresAt,
        ...(sealed ? { sealedUrl: sealed.url, sealedUrlExpiresAt: sealed.expiresAt } : {}),
      };
    }),
  );
  return { documents };
};

export const getSigner = async (req: RequestFacts, ref: SignerRef): Promise<SignerSelf> => {
  const caller = await identifySigner(req, ref.projectId, ref.signerId);
  return signerSelf(caller.signer, caller.verified);
};
