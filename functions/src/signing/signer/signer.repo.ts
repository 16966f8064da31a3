import type { SignerSelf } from '@tranche/shared/signing/sign.schema';
import type { SignerTurn } from '@tranche/shared/signing/signing-state';
import { tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { findProject, type ProjectBundle, type ProjectItem, type SignerItem } from '../projects.repo.js';
import type { StoredSecret } from './tokens.js';

/**
 * The signer side's view of a project's partition (read with the manager side's `findProject`: the
 * project, documents, signers and values in one consistent Query) and the conditional updates every
 * signer step is written with.
 */

/** A signer as stored: the manager side's item plus what only the signer side writes. */
export interface SignerRecord extends SignerItem {
  /** The emailed link of a signer without an account (hash only). */
  link?: StoredSecret;
  /** Proof of a passed code, for the calls after /sign/validate (hash only). */
  ticket?: StoredSecret;
  /** The emailed signed-copy link of a completed, sealed project (hash only; copy.service.ts). */
  copy?: StoredSecret;
  consentTextVersion?: string;
  remindedAt?: string;
}

export type ProjectRecord = ProjectItem;

export interface ProjectParts extends Omit<ProjectBundle, 'signers'> {
  signers: SignerRecord[];
}

/**
 * The project and the signer a request names. Unknown project, unknown signer, another tenant's (the
 * tenant is part of every key), a draft nobody was told about: the same 404, so a guess learns nothing.
 */
export const readSignerParts = async (
  tenantId: string,
  projectId: string,
  signerId: string,
): Promise<ProjectParts & { signer: SignerRecord }> => {
  const parts = (await findProject(tenantId, projectId)) as ProjectParts | undefined;
  const signer = parts?.signers.find((s) => s.signerId === signerId);
  if (!parts || !signer || parts.project.status === 'DRAFT') throw new DomainError('signingSignerNotFound');
  return { ...parts, signer };
};

export const turnsOf = (signers: readonly SignerRecord[]): SignerTurn[] =>
  signers.map((s) => ({ signerId: s.signerId, group: s.group, state: s.state }));

/**
 * One conditional update of a signer: `set` fields (undefined removes), version moved by one, on the
 * version read. A racing step on the same signer makes `commit` decide again from fresh reads.
 */
export const signerUpdate = (
  tenantId: string,
  signer: Pick<SignerRecord, 'projectId' | 'signerId' | 'version'>,
  set: Record<string, unknown>,
): Step => {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':version': signer.version, ':next': signer.version + 1 };
  const sets = ['#version = :next'];
  const removes: string[] = [];
  Object.entries(set).forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    if (value === undefined) removes.push(`#f${i}`);
    else {
      values[`:v${i}`] = value;
      sets.push(`#f${i} = :v${i}`);
    }
  });
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.signer(tenantId, signer.projectId, signer.signerId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK) AND #version = :version',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

/** The same for the project record. */
export const projectUpdate = (
  tenantId: string,
  project: Pick<ProjectRecord, 'projectId' | 'version'>,
  set: Record<string, unknown>,
): Step => {
  const step = signerUpdate(
    tenantId,
    { projectId: project.projectId, signerId: '', version: project.version },
    {
      ...set,
    },
  );
  const update = step.item.Update as NonNullable<Step['item']['Update']>;
  return { item: { Update: { ...update, Key: keys.signingProject(tenantId, project.projectId) } } };
};

/** The signer as they see themselves. */
export const signerSelf = (signer: SignerRecord, verified: boolean): SignerSelf => ({
  signerId: signer.signerId,
  projectId: signer.projectId,
  name: signer.name,
  email: signer.email,
  role: signer.role,
  ...(signer.onBehalfOf ? { onBehalfOf: signer.onBehalfOf } : {}),
  group: signer.group,
  state: signer.state,
  verified,
  ...(signer.notifiedAt ? { notifiedAt: signer.notifiedAt } : {}),
  ...(signer.codeVerifiedAt ? { codeVerifiedAt: signer.codeVerifiedAt } : {}),
  ...(signer.viewedAt ? { viewedAt: signer.viewedAt } : {}),
  ...(signer.consentAt ? { consentAt: signer.consentAt } : {}),
  ...(signer.signedAt ? { signedAt: signer.signedAt } : {}),
  ...(signer.declinedAt ? { declinedAt: signer.declinedAt } : {}),
  ...(signer.declineReason ? { declineReason: signer.declineReason } : {}),
});
