import type { Role } from '@tranche/shared/auth/roles';
import type { FieldIssue } from '@tranche/shared/errors/catalogue';
import type { PageSize, SignerRole, SigningField } from '@tranche/shared/signing/signing.schema';
import { DomainError } from '#lib/errors';

/**
 * The rules a manager's field placement must keep, checked when a document's fields are saved
 * (/project/file/update) against the page sizes recorded when its PDF was checked. They are the same
 * rule as seal/fields.ts `checkFieldsOnPages` (which the completion runs again on the PDF itself), on
 * the recorded sizes instead of a parsed document: pdf-lib does not fit in an API handler's 400 KB.
 */

const issue = (index: number, field: SigningField, rule: string, message: string): FieldIssue => ({
  field: `fields.${index}`,
  rule,
  message: `${field.fieldId}: ${message}`,
});

/**
 * 400 signingFieldOutsidePage naming the first field whose box is not wholly on an existing page
 * (`details.field`), with every such field in `details.fields` so the editor marks them all at once.
 */
export const checkFieldsOnPageSizes = (pages: readonly PageSize[], fields: readonly SigningField[]): void => {
  const issues: FieldIssue[] = [];
  let first: string | undefined;
  fields.forEach((field, index) => {
    const page = pages[field.pageIndex];
    let problem: string | undefined;
    if (!page) problem = `page ${field.pageIndex + 1} does not exist`;
    else if (field.x + field.width > page.width || field.y + field.height > page.height) {
      problem = `box exceeds the page (${page.width.toFixed(0)} x ${page.height.toFixed(0)} pt)`;
    }
    if (problem) {
      first ??= field.fieldId;
      issues.push(issue(index, field, 'insidePage', problem));
    }
  });
  if (first !== undefined) throw new DomainError('signingFieldOutsidePage', { field: first, fields: issues });
};

/** Roles that may place the company seal (issue 12, deliver 6: "authorised GP users only"). */
const SEAL_PLACERS: ReadonlySet<Role> = new Set(['GP_ADMIN', 'GP_OWNER']);

/**
 * The rules between fields and the project's signers: ids unique in the document, every signer named
 * exists, a SEAL field only for a GP signer and only placed by an administrator or the owner
 * (403 signingSealNotAllowed), otherwise 400 PARAMS_ERROR naming each bad field.
 */
export const checkFieldAssignments = (
  fields: readonly SigningField[],
  signers: ReadonlyMap<string, { role: SignerRole }>,
  placedBy: Role,
): void => {
  if (fields.some((f) => f.kind === 'SEAL') && !SEAL_PLACERS.has(placedBy)) {
    throw new DomainError('signingSealNotAllowed');
  }
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (seen.has(field.fieldId)) issues.push(issue(index, field, 'unique', 'another field has this id'));
    seen.add(field.fieldId);
    if (field.signerId === undefined) return;
    const signer = signers.get(field.signerId);
    if (!signer) issues.push(issue(index, field, 'signerExists', `no signer ${field.signerId} in this project`));
    else if (field.kind === 'SEAL' && signer.role !== 'GP') {
      issues.push(issue(index, field, 'sealByGp', 'only a GP signer applies the company seal'));
    }
  });
  if (issues.length > 0) throw new DomainError('PARAMS_ERROR', { field: issues[0]?.field, fields: issues });
};
