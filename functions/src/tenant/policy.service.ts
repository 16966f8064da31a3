import {
  type GpPolicy,
  POLICY_KINDS,
  type PolicyContent,
  type PolicyKind,
  type PublicPolicy,
} from '@tranche/shared/tenant/policy.schema';
import type { Actor } from '#lib/audit';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import {
  getPolicyRecord,
  listPolicyRecords,
  listPublishedPolicies,
  type PolicyRecord,
  sameContent,
  writePolicy,
} from './policy.repo.js';

const contentOf = (c: PolicyContent): PolicyContent => ({
  kind: c.kind,
  title: c.title,
  body: c.body,
  requireAcceptance: c.requireAcceptance,
});

const toGpPolicy = (r: PolicyRecord): GpPolicy => ({
  ...r,
  hasUnpublishedChanges: !r.published || r.status === 'ARCHIVED' || !sameContent(r.draft, r.published),
});

const kindRank = (kind: PolicyKind) => POLICY_KINDS.indexOf(kind);
const byKindThenTitle = (
  a: { kind: PolicyKind; title: { en: string } },
  b: { kind: PolicyKind; title: { en: string } },
) => kindRank(a.kind) - kindRank(b.kind) || a.title.en.localeCompare(b.title.en);

export const listGpPolicies = async (tenantId: string) => ({
  items: (await listPolicyRecords(tenantId)).map(toGpPolicy).sort((a, b) => byKindThenTitle(a.draft, b.draft)),
});

export const getGpPolicy = async (tenantId: string, policyId: string) =>
  toGpPolicy(await getPolicyRecord(tenantId, policyId));

export const createPolicy = async (actor: Actor, content: PolicyContent): Promise<GpPolicy> => {
  const record: PolicyRecord = {
    policyId: newId(),
    status: 'DRAFT',
    draft: contentOf(content),
    versions: [],
    createdAt: actor.at,
    updatedAt: actor.at,
    revision: newId(),
  };
  await writePolicy(actor.tenantId, record, undefined, actor, {
    action: 'POLICY_CREATED',
    data: { kind: content.kind },
  });
  return toGpPolicy(record);
};

export const updatePolicy = async (
  actor: Actor,
  policyId: string,
  input: PolicyContent & { revision: string },
): Promise<GpPolicy> => {
  const current = await getPolicyRecord(actor.tenantId, policyId);
  if (current.revision !== input.revision) throw new DomainError('VERSION_CONFLICT');
  // Saving what is already there changes nothing: no new revision, no audit event.
  if (sameContent(current.draft, input)) return toGpPolicy(current);
  const record: PolicyRecord = { ...current, draft: contentOf(input), updatedAt: actor.at, revision: newId() };
  await writePolicy(actor.tenantId, record, input.revision, actor, {
    action: 'POLICY_DRAFT_UPDATED',
    data: { from: current.draft, to: record.draft },
  });
  return toGpPolicy(record);
};

/**
 * Publishes the draft as the next version (immutable once written), or re-publishes an archived
 * policy whose draft is unchanged. Publishing what is already published changes nothing (a retry is
 * safe).
 */
export const publishPolicy = async (actor: Actor, policyId: string, seenRevision: string): Promise<GpPolicy> => {
  const current = await getPolicyRecord(actor.tenantId, policyId);
  if (current.revision !== seenRevision) throw new DomainError('VERSION_CONFLICT');
  const unchanged = current.published !== undefined && sameContent(current.draft, current.published);
  if (unchanged && current.status === 'PUBLISHED') return toGpPolicy(current);
  const version =
    unchanged && current.published
      ? undefined
      : { ...current.draft, version: (current.published?.version ?? 0) + 1, publishedAt: actor.at };
  const record: PolicyRecord = {
    ...current,
    status: 'PUBLISHED',
    published: version ?? current.published,
    versions: version
      ? [...current.versions, { version: version.version, publishedAt: version.publishedAt }]
      : current.versions,
    updatedAt: actor.at,
    revision: newId(),
  };
  await writePolicy(
    actor.tenantId,
    record,
    seenRevision,
    actor,
    { action: version ? 'POLICY_PUBLISHED' : 'POLICY_RESTORED', data: { version: record.published?.version } },
    version ? { ...version, publishedBy: actor.userId } : undefined,
  );
  return toGpPolicy(record);
};

/** Takes a policy away from investors; its versions stay. Archiving an archived policy changes nothing. */
export const archivePolicy = async (actor: Actor, policyId: string): Promise<GpPolicy> => {
  const current = await getPolicyRecord(actor.tenantId, policyId);
  if (current.status === 'ARCHIVED') return toGpPolicy(current);
  const record: PolicyRecord = { ...current, status: 'ARCHIVED', updatedAt: actor.at, revision: newId() };
  await writePolicy(actor.tenantId, record, current.revision, actor, {
    action: 'POLICY_ARCHIVED',
    data: { version: current.published?.version ?? null },
  });
  return toGpPolicy(record);
};

/** The current version of each published policy, as investors see them. */
export const currentPolicies = async (tenantId: string, kind?: PolicyKind): Promise<{ items: PublicPolicy[] }> => ({
  items: (await listPublishedPolicies(tenantId)).filter((p) => !kind || p.kind === kind).sort(byKindThenTitle),
});

const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * Published policies whose title or text (in any language) holds every word of `q`; title matches
 * first. Without `q`, all published policies.
 */
export const searchPolicies = async (tenantId: string, q: string | undefined): Promise<{ items: PublicPolicy[] }> => {
  const all = (await currentPolicies(tenantId)).items;
  if (!q) return { items: all };
  const words = normalise(q).split(/\s+/).filter(Boolean);
  const has = (texts: (string | undefined)[]) => {
    const haystack = normalise(texts.filter(Boolean).join('\n'));
    return words.every((w) => haystack.includes(w));
  };
  const titled = all.filter((p) => has([p.title.en, p.title['zh-CN']]));
  const inText = all.filter(
    (p) => !titled.includes(p) && has([p.title.en, p.title['zh-CN'], p.body.en, p.body['zh-CN']]),
  );
  return { items: [...titled, ...inText] };
};
