import type { Role } from '@tranche/shared/auth/roles';
import type {
  CreateProjectFromTemplateInput,
  SaveSigningTemplate,
  SigningProjectDetail,
  SigningTemplate,
} from '@tranche/shared/signing/signing.schema';
import type { ContractTagKey } from '@tranche/shared/subscription/contract-tags';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { checkFieldAssignments, checkFieldsOnPageSizes } from './field-rules.js';
import { readPdf } from './projects.repo.js';
import { createProjectFromTemplate } from './templates.js';
import { readTemplate, toTemplate } from './templates.repo.js';

/**
 * Kept signing templates (issue 12 deliver 3; docs/signing.md "Templates"): checked source PDFs with
 * their placed fields (the signers' fields, and TEXT/DATE fields carrying a contract tag) and the
 * signers' places (label, role, order, on behalf of), kept once and reused: a project is made from one
 * by naming the person for each place (POST /template/project, or `createProjectFromTemplate` with
 * `templateId` for a caller such as the subscription's agreement). keys.ts pattern 52; audited on the
 * tenant. The source PDFs stay where the upload kept them (their objects are shared with projects).
 */

type TemplateItem = SigningTemplate;

const tagsOf = (documents: SigningTemplate['documents']): ContractTagKey[] => [
  ...new Set(documents.flatMap((d) => d.fields.flatMap((f) => (f.tag ? [f.tag] : [])))),
];

/** Keeps a template: its files must be checked (READY), its fields on their pages and naming its places. */
export const saveTemplate = async (actor: Actor, role: Role, input: SaveSigningTemplate): Promise<SigningTemplate> => {
  const ids = new Set<string>();
  input.signers.forEach((s, i) => {
    // A business refusal of a well-formed body (as for a project's signers), not PARAMS_ERROR.
    if (ids.has(s.signerId))
      throw new DomainError('signingSignersInvalid', {
        field: `signers.${i}.signerId`,
        fields: [{ field: `signers.${i}.signerId`, rule: 'unique', message: 'another place has this id' }],
      });
    ids.add(s.signerId);
  });
  const places = new Map(input.signers.map((s) => [s.signerId, s]));
  const documents = await Promise.all(
    input.documents.map(async (d, i) => {
      const pdf = await readPdf(actor.tenantId, d.fileId);
      if (pdf.status !== 'READY' || !pdf.pages)
        throw new DomainError('signingFileNotReady', { field: `documents.${i}.fileId` });
      return { fileId: d.fileId, name: d.name, pages: pdf.pages, fields: d.fields };
    }),
  );
  for (const d of documents) {
    checkFieldsOnPageSizes(d.pages, d.fields);
    checkFieldAssignments(d.fields, places, role);
  }
  const template: TemplateItem = {
    templateId: newId(),
    name: input.name,
    documents,
    signers: input.signers,
    tags: tagsOf(documents),
    createdAt: actor.at,
    createdBy: actor.userId,
  };
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.signingTemplate(actor.tenantId, template.templateId),
              type: 'SIGNING_TEMPLATE',
              ...template,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ],
    events: [
      event('SIGNING_TEMPLATE_SAVED', actor.tenantId, {
        templateId: template.templateId,
        name: template.name,
        documents: documents.length,
        fields: documents.reduce((n, d) => n + d.fields.length, 0),
      }),
    ],
    result: undefined,
  });
  return template;
};

export const listTemplates = async (tenantId: string): Promise<{ items: SigningTemplate[] }> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :t)',
    ExpressionAttributeValues: { ':pk': keys.signingTemplatesPk(tenantId), ':t': 'TEMPLATE#' },
    ConsistentRead: true,
  });
  return {
    items: items.map(toTemplate).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name)),
  };
};

/** Deletes a template (projects made from it keep their own copy of its documents and fields). */
export const deleteTemplate = async (actor: Actor, templateId: string): Promise<void> => {
  const template = await readTemplate(actor.tenantId, templateId);
  await commit(actor, {
    steps: [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.signingTemplate(actor.tenantId, templateId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        refusal: () => new DomainError('signingTemplateNotFound', { field: 'templateId' }),
      },
    ],
    events: [event('SIGNING_TEMPLATE_DELETED', actor.tenantId, { templateId, name: template.name })],
    result: undefined,
  });
};

/**
 * POST /template/project: a DRAFT project from a kept template, each of its places given a person
 * (name, email, account). The manager then reviews it in the editor and sends it. Every place must be
 * named (422 signingSignersInvalid naming the missing one); a person for no place is refused the same way.
 */
export const projectFromStoredTemplate = async (
  actor: Actor,
  role: Role,
  input: CreateProjectFromTemplateInput,
): Promise<SigningProjectDetail> => {
  const template = await readTemplate(actor.tenantId, input.templateId);
  const people = new Map(input.signers.map((s) => [s.signerId, s]));
  const issues = [
    ...template.signers.flatMap((place, i) =>
      people.has(place.signerId)
        ? []
        : [
            {
              field: `signers.${i}`,
              rule: 'required',
              message: `nobody named for “${place.label}” (${place.signerId})`,
            },
          ],
    ),
    ...input.signers.flatMap((s, i) =>
      template.signers.some((p) => p.signerId === s.signerId)
        ? []
        : [
            {
              field: `signers.${i}.signerId`,
              rule: 'signerExists',
              message: `the template has no place ${s.signerId}`,
            },
          ],
    ),
  ];
  if (issues.length) throw new DomainError('signingSignersInvalid', { field: issues[0]?.field, fields: issues });
  return createProjectFromTemplate(actor, role, {
    name: input.name,
    ...(input.language ? { language: input.language } : {}),
    ...(input.expiresInDays ? { expiresInDays: input.expiresInDays } : {}),
    ...(input.reminderEveryDays ? { reminderEveryDays: input.reminderEveryDays } : {}),
    refKind: 'signingTemplate',
    refId: template.templateId,
    templateId: template.templateId,
    signers: template.signers.map((place) => {
      const person = people.get(place.signerId)!;
      const onBehalfOf = person.onBehalfOf ?? place.onBehalfOf;
      return {
        signerId: place.signerId,
        name: person.name,
        email: person.email,
        ...(person.userId ? { userId: person.userId } : {}),
        role: place.role,
        ...(onBehalfOf ? { onBehalfOf } : {}),
        group: place.group,
      };
    }),
    tagValues: input.tagValues ?? {},
  });
};
