import type { Lang } from '../i18n/langs.js';
import * as z from '../lazy-zod.js';
import type { LifecycleLabel } from '../lifecycle/lifecycle.js';

/**
 * The named tags a subscription fills in a signing template (GET /v2/contract-tags). The spec names
 * the path only; the tags, their groups and labels are ours (docs/subscriptions.md). A template
 * places a tag as `{{KEY}}`; the signing step replaces it with the subscription's value formatted
 * for the template's language. No tag carries bank details: wire instructions never travel in a
 * document an investor forwards (SECURITY.md, docs/inbox.md "No bank details").
 */
export const CONTRACT_TAG_GROUPS = ['INVESTOR', 'SUBSCRIPTION', 'PRODUCT', 'SIGNING'] as const;
export type ContractTagGroup = (typeof CONTRACT_TAG_GROUPS)[number];

/** How a value is formatted: amounts with their currency, dates as the template's locale writes them. */
export const CONTRACT_TAG_VALUE_TYPES = ['TEXT', 'AMOUNT', 'DATE'] as const;
export type ContractTagValueType = (typeof CONTRACT_TAG_VALUE_TYPES)[number];

interface ContractTagDef {
  group: ContractTagGroup;
  valueType: ContractTagValueType;
  label: LifecycleLabel;
}

const tag = (group: ContractTagGroup, valueType: ContractTagValueType, en: string, zh: string): ContractTagDef => ({
  group,
  valueType,
  label: { en, 'zh-CN': zh },
});

export const CONTRACT_TAGS = {
  INVESTOR_NAME: tag('INVESTOR', 'TEXT', 'Investor name', '投资者姓名'),
  INVESTOR_TYPE: tag('INVESTOR', 'TEXT', 'Investor type', '投资者类型'),
  INVESTOR_EMAIL: tag('INVESTOR', 'TEXT', 'Investor email', '投资者邮箱'),
  INVESTOR_ADDRESS: tag('INVESTOR', 'TEXT', 'Investor address', '投资者地址'),
  INVESTOR_TAX_RESIDENCE: tag('INVESTOR', 'TEXT', 'Tax residence', '税务居民身份'),
  INVESTOR_CLASSIFICATION: tag('INVESTOR', 'TEXT', 'Investor classification', '投资者分类'),
  ENTITY_NAME: tag('INVESTOR', 'TEXT', 'Legal name of entity', '实体法定名称'),
  ENTITY_INCORPORATION_ID: tag('INVESTOR', 'TEXT', 'Incorporation ID', '注册编号'),
  JOINT_HOLDER_NAMES: tag('INVESTOR', 'TEXT', 'Joint holders', '联名持有人'),
  SUBSCRIPTION_ID: tag('SUBSCRIPTION', 'TEXT', 'Subscription reference', '认购编号'),
  SUBSCRIPTION_AMOUNT: tag('SUBSCRIPTION', 'AMOUNT', 'Subscription amount', '认购金额'),
  SUBSCRIPTION_CURRENCY: tag('SUBSCRIPTION', 'TEXT', 'Currency', '币种'),
  SUBSCRIPTION_FEE: tag('SUBSCRIPTION', 'AMOUNT', 'Subscription fee', '认购费'),
  SUBSCRIPTION_DATE: tag('SUBSCRIPTION', 'DATE', 'Subscription date', '认购日期'),
  SHARE_CLASS: tag('SUBSCRIPTION', 'TEXT', 'Share class', '份额类别'),
  PRODUCT_NAME: tag('PRODUCT', 'TEXT', 'Fund name', '基金名称'),
  FUND_MANAGER_NAME: tag('PRODUCT', 'TEXT', 'Fund manager', '基金管理人'),
  SIGNER_NAME: tag('SIGNING', 'TEXT', 'Signer name', '签署人姓名'),
  SIGNER_TITLE: tag('SIGNING', 'TEXT', 'Signer position or title', '签署人职位'),
  SIGNING_DATE: tag('SIGNING', 'DATE', 'Signing date', '签署日期'),
  GP_SIGNER_NAME: tag('SIGNING', 'TEXT', 'Countersigner name', '会签人姓名'),
  COUNTERSIGNING_DATE: tag('SIGNING', 'DATE', 'Countersigning date', '会签日期'),
} as const satisfies Record<string, ContractTagDef>;
export type ContractTagKey = keyof typeof CONTRACT_TAGS;
export const CONTRACT_TAG_KEYS = Object.keys(CONTRACT_TAGS) as ContractTagKey[];

/** One tag as GET /v2/contract-tags answers it: its label in the reader's language. */
export const ContractTagSchema = z.object({
  key: z.enum(CONTRACT_TAG_KEYS as [ContractTagKey, ...ContractTagKey[]]),
  /** What a template writes: `{{KEY}}`. */
  placeholder: z.string(),
  group: z.enum(CONTRACT_TAG_GROUPS),
  valueType: z.enum(CONTRACT_TAG_VALUE_TYPES),
  label: z.string().min(1),
});
export type ContractTag = z.infer<typeof ContractTagSchema>;
export const ContractTagListSchema = z.object({ tags: z.array(ContractTagSchema) });
export type ContractTagList = z.infer<typeof ContractTagListSchema>;

export const contractTagPlaceholder = (key: ContractTagKey): string => `{{${key}}}`;

/** The body of GET /v2/contract-tags, in catalogue order, labelled in `lang`. */
export const contractTagList = (lang: Lang): ContractTagList => ({
  tags: CONTRACT_TAG_KEYS.map((key) => {
    const def: ContractTagDef = CONTRACT_TAGS[key];
    return {
      key,
      placeholder: contractTagPlaceholder(key),
      group: def.group,
      valueType: def.valueType,
      label: def.label[lang],
    };
  }),
});

/** The tags a template uses (`{{KEY}}`), and the unknown ones it names, so a template with a typo cannot be saved. */
export const templateTags = (text: string): { known: ContractTagKey[]; unknown: string[] } => {
  const names = [...new Set([...text.matchAll(/\{\{\s*([A-Z0-9_]+)\s*\}\}/g)].map((m) => m[1] ?? ''))];
  return {
    known: names.filter((n): n is ContractTagKey => Object.hasOwn(CONTRACT_TAGS, n)),
    unknown: names.filter((n) => !Object.hasOwn(CONTRACT_TAGS, n)),
  };
};
