import type { ProductState } from '@tranche/shared/enums';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Fee, GpProduct } from '@tranche/shared/product/product.schema';
import { PRODUCT_LIFECYCLE } from '@tranche/shared/product/product-state';
import type { TFunction } from 'i18next';
import { feeText } from '@/features/products';
import { formatDate, formatList, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';

/** One entry of a product's audit trail, as listProductAudit answers it. */
export interface AuditEntry {
  action: string;
  actorId: string;
  actorName?: string | undefined;
  data: Record<string, unknown>;
}

export interface AuditReading {
  /** "Alice Owner published the fund". */
  sentence: string;
  /** One line per changed field or noteworthy fact: "changed minimum investment from $10,000 to $25,000". */
  details: string[];
}

interface Context {
  t: TFunction;
  lang: Lang;
  product: GpProduct;
  /** The signed-in user: their own entries read "You ...". */
  userId?: string | undefined;
}

type Named = { en: string; 'zh-CN'?: string };
const isNamed = (v: unknown): v is Named =>
  typeof v === 'object' && v !== null && typeof (v as { en?: unknown }).en === 'string';
const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v;

/** Fields whose values are amounts in the product's (or share class's) currency. */
const AMOUNTS = new Set(['minInvestment', 'maxInvestment', 'targetSize']);
const DATES = new Set(['openingDate', 'closingDate', 'finalClosingDate']);
const FEES = new Set(['managementFee', 'subscriptionFee', 'performanceFee', 'redemptionFee']);
/** Texts too long for a sentence: the history says they changed, the page shows them. */
const LONG_TEXTS = new Set(['summary', 'description', 'terms', 'note']);
/** Enumerations and the message namespace of their labels. */
const ENUM_LABELS: Record<string, string> = {
  fundType: 'fundType',
  dealingFrequency: 'dealingFrequency',
  investmentPermission: 'investmentPermission',
  openness: 'openness',
  targetReturn: 'targetReturn',
  targetReturnRange: 'targetReturnRange',
  kind: 'productKind',
  objectives: 'objective',
  strategies: 'strategy',
  regions: 'region',
  investorTypes: 'investorType',
};

/**
 * Reads an audit entry as a sentence in the user's language, with its changes as short lines. Names
 * of documents, share classes and folders come from the entry itself (recorded when it happened, so a
 * later rename or delete does not change the history); an entry written before names were recorded
 * says "a document" rather than showing an id.
 */
export const readAuditEntry = (entry: AuditEntry, { t, lang, product, userId }: Context): AuditReading => {
  const data = entry.data;
  // Keys are built from the entry (its action, its fields): looked up as plain strings, checked by the
  // locale files' `satisfies` instead.
  const say = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  const k = (key: string, values?: Record<string, unknown>) => say(`gpProducts.history.${key}`, values);
  const actor = entry.actorId === userId ? k('you') : (entry.actorName ?? k('someone'));
  const thing = k(`thing.${product.kind}`);
  const name = (v: unknown) => (isNamed(v) ? localized(v, lang) : undefined);
  const quoted = (kind: 'document' | 'shareClass' | 'folder', v: unknown) => {
    const n = name(v);
    return n ? k(`named.${kind}`, { name: n }) : k(`unnamed.${kind}`);
  };
  const changes =
    typeof data.changes === 'object' && data.changes !== null ? (data.changes as Record<string, unknown>) : {};

  const classOf = (shareClassId: unknown) => product.shareClasses.find((c) => c.shareClassId === shareClassId);
  const currencyFor = (fallback: string) => {
    const c = changes.currency;
    return isChange(c) && typeof c.to === 'string' ? c.to : fallback;
  };

  const fieldLabel = (field: string) => k(`fields.${field}`);
  const value = (field: string, v: unknown, currency: string): string => {
    if (v === null || v === undefined) return k('nothing');
    if (field === 'state') return PRODUCT_LIFECYCLE.stateLabel(v as ProductState, lang);
    if (AMOUNTS.has(field) && typeof v === 'string') return formatMoney(v, currency, lang);
    if (DATES.has(field) && typeof v === 'string') return formatDate(v, lang);
    if (FEES.has(field) && typeof v === 'object') return feeText(v as Fee, currency, lang, t);
    if (field in ENUM_LABELS) {
      const label = (x: unknown) => say(`${ENUM_LABELS[field]}.${String(x)}`);
      return Array.isArray(v) ? formatList(v.map(label), lang) : label(v);
    }
    if (field === 'visibility') return k(`visibility.${String(v)}`);
    if (typeof v === 'boolean') return k(v ? 'yes' : 'no');
    if (isNamed(v)) return `“${localized(v, lang)}”`;
    return String(v);
  };

  /** "changed X from A to B", "set X to B", "removed X"; long texts and references only say they changed. */
  const changeLines = (currency: string, label = fieldLabel, show = value): string[] =>
    Object.entries(changes).flatMap(([field, c]) => {
      if (!isChange(c)) return [];
      if (LONG_TEXTS.has(field) || field === 'folderId') return [k('changedField', { field: label(field) })];
      if (c.from === null || c.from === undefined)
        return [k('setField', { field: label(field), to: show(field, c.to, currency) })];
      if (c.to === null || c.to === undefined)
        return [k('removedField', { field: label(field), from: show(field, c.from, currency) })];
      return [
        k('changedFieldFromTo', {
          field: label(field),
          from: show(field, c.from, currency),
          to: show(field, c.to, currency),
        }),
      ];
    });

  const reading = (key: string, values: Record<string, unknown>, details: string[] = []): AuditReading => ({
    sentence: k(`sentence.${key}`, { actor, thing, ...values }),
    details,
  });

  switch (entry.action) {
    case 'PRODUCT_CREATED':
    case 'PRODUCT_UPDATED':
      return reading(entry.action, {}, changeLines(currencyFor(product.currency)));
    case 'PRODUCT_PUBLISHED':
    case 'PRODUCT_UNPUBLISHED':
    case 'PRODUCT_CLOSED':
    case 'PRODUCT_REOPENED': {
      const confirmed = Array.isArray(data.acknowledgedWarnings)
        ? [
            k('confirmedWarnings', {
              checks: formatList(
                data.acknowledgedWarnings.map((id) => say(`gpProducts.checklist.checks.${String(id)}.short`)),
                lang,
              ),
            }),
          ]
        : [];
      return reading(entry.action, {}, [...changeLines(product.currency), ...confirmed]);
    }
    case 'SHARE_CLASS_CREATED':
    case 'SHARE_CLASS_DELETED': {
      const sc = data.shareClass as { name?: unknown } | undefined;
      return reading(entry.action, { shareClass: quoted('shareClass', sc?.name) });
    }
    case 'SHARE_CLASS_UPDATED': {
      const current = classOf(data.shareClassId);
      const nameNow = data.name ?? current?.name;
      return reading(
        entry.action,
        { shareClass: quoted('shareClass', nameNow) },
        changeLines(currencyFor(current?.currency ?? product.currency)),
      );
    }
    case 'PRODUCT_DOCUMENT_CREATED':
    case 'PRODUCT_DOCUMENT_READY':
    case 'PRODUCT_DOCUMENT_REJECTED':
    case 'PRODUCT_DOCUMENT_DELETED':
    case 'PRODUCT_DOCUMENT_DOWNLOADED':
      return reading(entry.action, { document: quoted('document', data.title) });
    case 'PRODUCT_DOCUMENT_UPDATED':
      return reading(
        entry.action,
        { document: quoted('document', data.title) },
        changeLines(product.currency, fieldLabel, (field, v, currency) =>
          field === 'kind' ? say(`documentKind.${String(v)}`) : value(field, v, currency),
        ),
      );
    case 'MARKETING_FOLDER_CREATED':
    case 'MARKETING_FOLDER_DELETED':
    case 'MARKETING_FOLDER_DOWNLOADED':
      return reading(entry.action, { folder: quoted('folder', data.name) });
    case 'MARKETING_FOLDER_RENAMED': {
      const renamed = changes.name;
      return isChange(renamed)
        ? reading('MARKETING_FOLDER_RENAMED', {
            from: quoted('folder', renamed.from),
            to: name(renamed.to) ?? '',
          })
        : reading('MARKETING_FOLDER_RENAMED_SOMEHOW', {});
    }
    case 'PRODUCT_CONTRACT_CREATED':
    case 'PRODUCT_CONTRACT_UPDATED': {
      const agreement = name(data.agreementTitle);
      const details =
        entry.action === 'PRODUCT_CONTRACT_UPDATED'
          ? changeLines(product.currency, fieldLabel, (field, v, currency) =>
              field === 'agreementDocumentId' ? (agreement ?? k('nothing')) : value(field, v, currency),
            )
          : agreement
            ? [k('agreementIs', { name: agreement })]
            : [];
      return reading(entry.action, {}, details);
    }
    case 'PORTAL_COMPONENTS_UPDATED':
      return reading(
        entry.action,
        {},
        changeLines(
          product.currency,
          (field) => say(`gpProducts.sections.component.${field}`),
          (_field, v) => value('visibility', v ?? 'SHOW', product.currency),
        ),
      );
    default:
      return { sentence: k('sentence.OTHER', { actor, action: entry.action }), details: [] };
  }
};
