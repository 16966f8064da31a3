import type { ContractTagKey } from '@tranche/shared/subscription/contract-tags';
import type { Rect } from './geometry';

/** The field kinds of issue 12 (docs/signing.md, fields.ts): what a manager places and a signer fills. */
export const FIELD_KINDS = ['SIGNATURE', 'INITIALS', 'DATE', 'TEXT', 'CHECKBOX', 'SEAL'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** A new field's size in points: a signature line, initials box, one text line, a tick box, a seal. */
export const DEFAULT_FIELD_SIZE: Readonly<Record<FieldKind, { width: number; height: number }>> = {
  SIGNATURE: { width: 160, height: 48 },
  INITIALS: { width: 60, height: 36 },
  DATE: { width: 100, height: 20 },
  TEXT: { width: 160, height: 20 },
  CHECKBOX: { width: 16, height: 16 },
  SEAL: { width: 96, height: 96 },
};

/** The smallest a field may be made (points): smaller could not be filled legibly. */
export const MIN_FIELD_SIZE = 8;

export interface EditorField extends Rect {
  fieldId: string;
  kind: FieldKind;
  /** 0-based. */
  pageIndex: number;
  /** The signer who fills it (null when filled from data); SEAL fields belong to the GP signer who applies the seal. */
  signerId: string | null;
  /** TEXT/DATE only: filled at sending from a contract tag's value instead of by a signer (lib/tags.ts). */
  tag?: ContractTagKey | undefined;
  required: boolean;
  label?: string | undefined;
}

/** Colours told apart by signer (by their order), each dark enough for its label on white (AA). */
export const SIGNER_COLORS = ['blue', 'grape', 'teal', 'orange', 'pink', 'indigo', 'lime', 'cyan'] as const;
export const signerColor = (index: number) => SIGNER_COLORS[(index < 0 ? 0 : index) % SIGNER_COLORS.length] ?? 'gray';

/** A field id unique within its project, made on the client so a field can be edited before it is saved. */
export const newFieldId = () =>
  `f_${(globalThis.crypto?.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^a-z0-9]/gi, '').slice(0, 20)}`;

/** Fields in reading order: page, then top to bottom, then left to right (the signer's "next field"). */
export const readingOrder = <F extends { pageIndex: number; x: number; y: number }>(fields: readonly F[]): F[] =>
  [...fields].sort((a, b) => a.pageIndex - b.pageIndex || a.y - b.y || a.x - b.x);
