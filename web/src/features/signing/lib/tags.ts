import type { Lang } from '@tranche/shared/i18n/langs';
import { TAGGABLE_FIELD_KINDS } from '@tranche/shared/signing/signing.schema';
import {
  CONTRACT_TAG_GROUPS,
  CONTRACT_TAG_KEYS,
  CONTRACT_TAGS,
  type ContractTagGroup,
  type ContractTagKey,
} from '@tranche/shared/subscription/contract-tags';
import type { EditorField, FieldKind } from './fields';

/**
 * Fields filled from data (a contract tag, shared/src/subscription/contract-tags.ts) instead of by a
 * signer. The schema lets only TEXT and DATE carry a tag; a DATE field is offered the tags whose value
 * is a date, so the data it shows is a date too.
 */
export const isTaggable = (kind: FieldKind): boolean => (TAGGABLE_FIELD_KINDS as readonly string[]).includes(kind);

export const tagsFor = (kind: FieldKind): ContractTagKey[] =>
  !isTaggable(kind) ? [] : CONTRACT_TAG_KEYS.filter((k) => kind !== 'DATE' || CONTRACT_TAGS[k].valueType === 'DATE');

/** A tag's label in the reader's language: the words GET /v2/contract-tags answers. */
export const tagLabel = (tag: ContractTagKey, lang: Lang): string => CONTRACT_TAGS[tag].label[lang];

/** How a tag field shows on the page before it is filled: its tag's name in braces. */
export const tagPlaceholder = (tag: ContractTagKey, lang: Lang): string => `{${tagLabel(tag, lang)}}`;

/** The Select's options for a field of `kind`: the catalogue's groups, each tag labelled in `lang`. */
export const tagOptions = (kind: FieldKind, lang: Lang, groupLabel: (group: ContractTagGroup) => string) => {
  const offered = tagsFor(kind);
  return CONTRACT_TAG_GROUPS.map((group) => ({
    group: groupLabel(group),
    items: offered.filter((k) => CONTRACT_TAGS[k].group === group).map((k) => ({ value: k, label: tagLabel(k, lang) })),
  })).filter((g) => g.items.length > 0);
};

/** The field filled from data: its signer dropped, its tag kept when the kind takes it, else the first offered. */
export const fillFromData = (field: EditorField, tag?: ContractTagKey): EditorField => {
  const offered = tagsFor(field.kind);
  const chosen = [tag, field.tag].find((t): t is ContractTagKey => !!t && offered.includes(t)) ?? offered[0];
  return chosen ? { ...field, signerId: null, tag: chosen } : field;
};

/** The field filled by `signerId`: its tag dropped. */
export const fillBySigner = (field: EditorField, signerId: string | null): EditorField => {
  const { tag: _dropped, ...rest } = field;
  return { ...rest, signerId };
};

/**
 * The field with another kind. A tag field stays filled from data while the kind takes a tag (its tag
 * changed when the kind does not take that one); otherwise its tag is cleared and `signerId` fills it.
 */
export const changeKind = (field: EditorField, kind: FieldKind, signerId: string | null): EditorField => {
  const next = { ...field, kind };
  if (!field.tag) return next;
  return isTaggable(kind) ? fillFromData(next) : fillBySigner(next, signerId);
};

/** The tags the fields carry, in catalogue order: the values to ask for when the project is sent. */
export const tagsOfFields = (fields: readonly { tag?: ContractTagKey | undefined }[]): ContractTagKey[] => {
  const used = new Set(fields.flatMap((f) => (f.tag ? [f.tag] : [])));
  return CONTRACT_TAG_KEYS.filter((k) => used.has(k));
};
