import type { FieldIssue } from '@tranche/shared/errors/catalogue';
import type { FieldValueInput } from '@tranche/shared/signing/sign.schema';
import type {
  SignerRole,
  SigningField,
  SigningFieldKind,
  StoredFieldValue,
} from '@tranche/shared/signing/signing.schema';
import { DomainError } from '#lib/errors';

/**
 * The signer side's pure rules (issue 12): which values a signer's fields take, when a reminder is
 * due, when a project has expired. The services read, call these, and commit.
 */

/** The value types each field kind takes (as the completion's fields.ts draws them; SEAL: a company seal). */
const ACCEPTS: Record<SigningFieldKind, readonly FieldValueInput['type'][]> = {
  SIGNATURE: ['image', 'text'],
  INITIALS: ['image', 'text'],
  SEAL: ['seal'],
  DATE: ['text'],
  TEXT: ['text'],
  CHECKBOX: ['checkbox'],
};

/**
 * signing.schema.ts's MAX_SIGNATURE_PNG_BYTES (200 KB), repeated so this handler does not load that
 * module's schemas (rules.test.ts holds the two equal).
 */
export const SIGNATURE_PNG_MAX_BYTES = 200 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Windows-1252 beyond Latin-1: what the PDF standard fonts (WinAnsi) can show besides U+0020-7E, U+00A0-FF. */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Whether the completion can draw `text` exactly with a standard font. It refuses anything else at
 * sealing time (signingFieldValueInvalid), which would be too late: the signature is taken. The web
 * renders typed signatures in other scripts as PNG, so a Chinese name still signs.
 */
export const isWinAnsi = (text: string): boolean =>
  [...text].every((ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || CP1252_EXTRAS.has(ch);
  });

export interface SignerFieldRef {
  documentId: string;
  field: SigningField;
}

const invalid = (fieldId: string, index: number, rule: string, message: string) =>
  new DomainError('signingFieldValueInvalid', {
    field: fieldId,
    fields: [{ field: `values.${index}`, rule, message: `${fieldId}: ${message}` } satisfies FieldIssue],
  });

/**
 * Checks a signer's values against the fields assigned to them and answers what to store per field.
 * Refuses (naming the field): a value for a field that is not theirs or given twice, a type the kind
 * does not take, a PNG that is not one or is over 200 KB, text the standard fonts cannot show, a seal
 * by a signer who is not the GP's; then any required field left without a value
 * (signingFieldValueMissing). An unticked checkbox counts as no value for a required checkbox.
 */
export const checkValues = (
  fields: readonly SignerFieldRef[],
  values: readonly FieldValueInput[],
  role: SignerRole,
  sealIds: ReadonlySet<string>,
): Map<string, StoredFieldValue> => {
  const byId = new Map(fields.map((f) => [f.field.fieldId, f.field]));
  const out = new Map<string, StoredFieldValue>();
  values.forEach((value, index) => {
    const field = byId.get(value.fieldId);
    if (!field) throw invalid(value.fieldId, index, 'yourField', 'not a field of yours');
    if (out.has(value.fieldId)) throw invalid(value.fieldId, index, 'once', 'given twice');
    if (!ACCEPTS[field.kind].includes(value.type)) {
      throw invalid(value.fieldId, index, 'type', `a ${field.kind} field takes ${ACCEPTS[field.kind].join(' or ')}`);
    }
    switch (value.type) {
      case 'image': {
        const png = Buffer.from(value.png, 'base64');
        if (png.length > SIGNATURE_PNG_MAX_BYTES) throw invalid(value.fieldId, index, 'size', 'over 200 KB');
        if (png.length < 16 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) {
          throw invalid(value.fieldId, index, 'png', 'not a PNG image');
        }
        out.set(value.fieldId, { type: 'image', png: new Uint8Array(png) });
        break;
      }
      case 'text':
        if (!isWinAnsi(value.text)) {
          throw invalid(
            value.fieldId,
            index,
            'script',
            'characters the document font cannot show (draw or type it as an image)',
          );
        }
        out.set(value.fieldId, { type: 'text', text: value.text });
        break;
      case 'checkbox':
        out.set(value.fieldId, { type: 'checkbox', checked: value.checked });
        break;
      case 'seal':
        // Placing the company seal is the manager's act: only a GP signer, and only the tenant's own seals.
        if (role !== 'GP') throw invalid(value.fieldId, index, 'sealRole', 'only the manager places the seal');
        if (!sealIds.has(value.sealId)) throw invalid(value.fieldId, index, 'seal', 'no such company seal');
        out.set(value.fieldId, { type: 'seal', sealId: value.sealId });
        break;
    }
  });
  for (const { field } of fields) {
    const value = out.get(field.fieldId);
    const empty = !value || (value.type === 'checkbox' && !value.checked);
    if (field.required && empty) throw new DomainError('signingFieldValueMissing', { field: field.fieldId });
  }
  return out;
};

const DAY_MS = 24 * 3600_000;

/** Whether a project past `expiresAt` is to be expired now (an open project only). */
export const isPastExpiry = (expiresAt: string | undefined, now: Date): boolean =>
  expiresAt !== undefined && Date.parse(expiresAt) <= now.getTime();

/**
 * Whether a signer whose turn it is gets a reminder now: told (`notifiedAt`) or last reminded
 * (`remindedAt`) at least `everyDays` ago. Counted from the later of the two, so a resend or a
 * reminder restarts the interval.
 */
export const reminderDue = (
  signer: { state: string; notifiedAt?: string; remindedAt?: string },
  everyDays: number,
  now: Date,
): boolean => {
  if (signer.state !== 'NOTIFIED' && signer.state !== 'VERIFIED') return false;
  const last = Math.max(
    signer.notifiedAt ? Date.parse(signer.notifiedAt) : 0,
    signer.remindedAt ? Date.parse(signer.remindedAt) : 0,
  );
  return last > 0 && now.getTime() - last >= everyDays * DAY_MS;
};

/** An address shown to someone who may not hold it in full: a***@example.com. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
};
