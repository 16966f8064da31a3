import type { ProductDocumentKind } from '../enums.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { Lang } from '../i18n/langs.js';
import * as z from '../lazy-zod.js';
import type { Currency } from '../money.js';
import type { Fee, ProductInput, ShareClassInput } from './product.schema.js';
import { allowedSubscriptionTypes } from './subscription-types.js';

/**
 * The publish checklist: what a fund should have before investors see it (PUBLISH) or see it again
 * (REOPEN). One pure function over the product's facts, so the API's answer (the checklist route and
 * the lifecycle guard in product-state.ts) and the console's dialog cannot disagree.
 *
 * Two levels:
 *  - `required`: the API refuses the event (409, the check's catalogued code). A share class always;
 *    the subscription contract (terms, and the agreement when investors must sign) when the fund will
 *    take money once live (an investor must have something to accept).
 *  - `recommended`: the API refuses unless the GP confirmed publishing without it, naming the exact
 *    checks in `acknowledgedWarnings` (so a warning that appeared after the GP looked is not confirmed
 *    by accident): `productChecklistUnconfirmed`.
 */
export const PUBLISH_CHECKS = [
  'shareClasses',
  'contract',
  'documents',
  'documentsReady',
  'minimumInvestment',
  'currencies',
  'closingDate',
  'description',
  'chineseText',
] as const;
export type PublishCheckId = (typeof PUBLISH_CHECKS)[number];

export const PUBLISH_CHECK_LEVELS = ['required', 'recommended'] as const;
export type PublishCheckLevel = (typeof PUBLISH_CHECK_LEVELS)[number];

export const CHECKLIST_SUBJECTS = ['product', 'shareClass', 'document', 'folder', 'contract'] as const;

/** One thing a check found missing: which record (named, for share classes, documents and folders), which field. */
export const ChecklistGapSchema = z.object({
  subject: z.enum(CHECKLIST_SUBJECTS),
  /** The record's name or title in each language it has (absent for the product and the contract). */
  name: z.object({ en: z.string(), 'zh-CN': z.string().optional() }).optional(),
  /** The field at fault: `summary`, `managementFee.note`, `agreementDocumentId`... */
  field: z.string().optional(),
  /** The value at fault: a currency the portal does not offer. */
  value: z.string().optional(),
});
export type ChecklistGap = z.infer<typeof ChecklistGapSchema>;

export const PublishCheckSchema = z.object({
  id: z.enum(PUBLISH_CHECKS),
  level: z.enum(PUBLISH_CHECK_LEVELS),
  ok: z.boolean(),
  /** What is missing, when not ok and there is something to name. */
  gaps: z.array(ChecklistGapSchema).optional(),
});
export type PublishCheck = z.infer<typeof PublishCheckSchema>;

export const PublishChecklistSchema = z.object({
  /** Whether the fund takes money (reservations, subscriptions) once live: the contract is then required. */
  takesMoney: z.boolean(),
  checks: z.array(PublishCheckSchema),
});
export type PublishChecklist = z.infer<typeof PublishChecklistSchema>;

const FEES = ['managementFee', 'subscriptionFee', 'performanceFee', 'redemptionFee'] as const;

type Localized = { en: string; 'zh-CN'?: string | undefined };
type FeeHolder = Partial<Record<(typeof FEES)[number], Fee | undefined>>;

/** What the checklist judges: the product with its share classes, documents, folders and contract, and the portal. */
export interface PublishFacts {
  product: Pick<
    ProductInput,
    | 'name'
    | 'summary'
    | 'description'
    | 'fundType'
    | 'investmentPermission'
    | 'openness'
    | 'currency'
    | 'minInvestment'
    | 'closingDate'
  > &
    FeeHolder;
  shareClasses: readonly (Pick<ShareClassInput, 'name' | 'currency' | 'minInvestment'> & FeeHolder)[];
  documents: readonly { title: Localized; kind: ProductDocumentKind; state: 'UPLOADING' | 'READY' | 'REJECTED' }[];
  folders: readonly { name: Localized }[];
  contract: { terms: Localized; agreementDocumentId?: string | undefined; requiresSignature: boolean } | undefined;
  tenant: { languages: readonly Lang[]; currencies: readonly Currency[] };
}

/** The refusal of each check that can be required. */
const REQUIRED_CODES = {
  shareClasses: 'productNeedsShareClass',
  contract: 'productNeedsContract',
} as const satisfies Partial<Record<PublishCheckId, ErrorCode>>;

/** Whether the fund takes money once published: more than an expression of interest (the shared offer rule). */
export const takesMoneyWhenLive = (p: Pick<ProductInput, 'investmentPermission' | 'openness'>): boolean =>
  allowedSubscriptionTypes({ ...p, state: 'PUBLISHED' }).some((t) => t !== 'EXPRESSED_INTEREST_SUBSCRIPTION');

/** A non-negative decimal string (AmountSchema) is above zero exactly when it has a non-zero digit. */
const positive = (amount: string): boolean => /[1-9]/.test(amount);

/** The translatable texts of a record that lack their Chinese: `[field, text]` pairs in, fields out. */
const untranslated = (texts: readonly [string, Localized | undefined][]): string[] =>
  texts.filter(([, text]) => text !== undefined && !text['zh-CN']?.trim()).map(([field]) => field);
const feeNotes = (x: FeeHolder): [string, Localized | undefined][] => FEES.map((fee) => [`${fee}.note`, x[fee]?.note]);

const check = (id: PublishCheckId, level: PublishCheckLevel, gaps: ChecklistGap[]): PublishCheck =>
  gaps.length === 0 ? { id, level, ok: true } : { id, level, ok: false, gaps };
const flag = (id: PublishCheckId, level: PublishCheckLevel, ok: boolean): PublishCheck => ({ id, level, ok });

export const publishChecklist = (facts: PublishFacts): PublishChecklist => {
  const { product, shareClasses, documents, folders, contract, tenant } = facts;
  const takesMoney = takesMoneyWhenLive(product);
  const classGap = (sc: PublishFacts['shareClasses'][number], field: string, value?: string): ChecklistGap => ({
    subject: 'shareClass',
    name: sc.name,
    field,
    ...(value ? { value } : {}),
  });

  const contractGaps: ChecklistGap[] = !contract
    ? [{ subject: 'contract' }]
    : contract.requiresSignature && !contract.agreementDocumentId
      ? [{ subject: 'contract', field: 'agreementDocumentId' }]
      : [];

  const offered = new Set<string>(tenant.currencies);
  const currencyGaps: ChecklistGap[] = [
    ...(offered.has(product.currency)
      ? []
      : [{ subject: 'product' as const, field: 'currency', value: product.currency }]),
    ...shareClasses.filter((sc) => !offered.has(sc.currency)).map((sc) => classGap(sc, 'currency', sc.currency)),
  ];

  const checks: PublishCheck[] = [
    flag('shareClasses', 'required', shareClasses.length > 0),
    check('contract', takesMoney ? 'required' : 'recommended', contractGaps),
    flag(
      'documents',
      'recommended',
      documents.some((d) => d.state === 'READY'),
    ),
    check(
      'documentsReady',
      'recommended',
      documents
        .filter((d) => d.state !== 'READY')
        .map((d) => ({ subject: 'document', name: d.title, field: 'state', value: d.state })),
    ),
    check('minimumInvestment', 'recommended', [
      ...(positive(product.minInvestment) ? [] : [{ subject: 'product' as const, field: 'minInvestment' }]),
      ...shareClasses.filter((sc) => !positive(sc.minInvestment)).map((sc) => classGap(sc, 'minInvestment')),
    ]),
    check('currencies', 'recommended', currencyGaps),
    // A closed-ended fund raises until a close; investors weigh that date.
    flag('closingDate', 'recommended', product.fundType !== 'CLOSE_ENDED' || product.closingDate !== undefined),
    flag('description', 'recommended', product.description !== undefined),
  ];

  if (tenant.languages.includes('zh-CN')) {
    checks.push(
      check('chineseText', 'recommended', [
        ...untranslated([
          ['name', product.name],
          ['summary', product.summary],
          ['description', product.description],
          ...feeNotes(product),
        ]).map((field) => ({ subject: 'product' as const, field })),
        ...shareClasses.flatMap((sc) =>
          untranslated([['name', sc.name], ...feeNotes(sc)]).map((field) => classGap(sc, field)),
        ),
        ...documents.flatMap((d) =>
          untranslated([['title', d.title]]).map((field) => ({ subject: 'document' as const, name: d.title, field })),
        ),
        ...folders.flatMap((f) =>
          untranslated([['name', f.name]]).map((field) => ({ subject: 'folder' as const, name: f.name, field })),
        ),
        ...(contract ? untranslated([['terms', contract.terms]]) : []).map((field) => ({
          subject: 'contract' as const,
          field,
        })),
      ]),
    );
  }
  return { takesMoney, checks };
};

/** The recommended checks that fail: what the GP must confirm to publish anyway. */
export const checklistWarnings = (checklist: PublishChecklist): PublishCheckId[] =>
  checklist.checks.filter((c) => !c.ok && c.level === 'recommended').map((c) => c.id);

/** The required checks that fail, with the code the API refuses with. */
export const checklistBlockers = (checklist: PublishChecklist): { id: PublishCheckId; code: ErrorCode }[] =>
  checklist.checks.flatMap((c) =>
    !c.ok && c.level === 'required' && c.id in REQUIRED_CODES
      ? [{ id: c.id, code: REQUIRED_CODES[c.id as keyof typeof REQUIRED_CODES] }]
      : [],
  );

/**
 * Why the product may not go live now, or undefined: the first failing required check's code, else
 * productChecklistUnconfirmed when a failing recommended check is not among `acknowledged`.
 */
export const goLiveRefusal = (
  checklist: PublishChecklist,
  acknowledged: readonly PublishCheckId[],
): ErrorCode | undefined => {
  const blocker = checklistBlockers(checklist)[0];
  if (blocker) return blocker.code;
  const confirmed = new Set(acknowledged);
  return checklistWarnings(checklist).some((id) => !confirmed.has(id)) ? 'productChecklistUnconfirmed' : undefined;
};
