/**
 * The investor and entity enumerations of spec section 3 ("Investors and accounts", "Entity people
 * and documents") and the profile messages of section 5, each as a const array, a zod enum and its
 * labels in every shipped language. Spelling rule (docs/profiles.md, "Enumerations"): where the spec
 * writes a value in code form (QP, MAIN_PRINCIPAL, other_means, noValidation) that is the value;
 * where it writes words (Closed, Roth IRA, Sales support) those words are the English label and the
 * value is their upper-snake form; "Success (Pass)" is value SUCCESS with label Pass. Labels the spec
 * does not give are ours and marked so. profile-enums.test.ts reads the spec text to hold this true.
 */
import { ACCOUNT_STATES, type AccountState, INVESTOR_TYPES, type InvestorType } from '../enums.js';
import type { Lang } from '../i18n/langs.js';
import * as z from '../lazy-zod.js';

export type Labels = Readonly<Record<Lang, string>>;
const l = (en: string, zh: string): Labels => ({ en, 'zh-CN': zh });

// ---- Investor type (spec: individual, institutional, notVerified; labels ours)
export { INVESTOR_TYPES, type InvestorType };
export const InvestorTypeSchema = z.enum(INVESTOR_TYPES);
export const INVESTOR_TYPE_LABELS: Record<InvestorType, Labels> = {
  individual: /* @__PURE__ */ l('Individual', '个人'),
  institutional: /* @__PURE__ */ l('Institutional', '机构'),
  notVerified: /* @__PURE__ */ l('Not verified', '未验证'),
};

/** The three kinds of profile; the spec's subscription investor type less ANY (a product setting, not a profile). */
export const PROFILE_TYPES = ['INDIVIDUAL', 'ENTITY', 'JOINT'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];
export const ProfileTypeSchema = z.enum(PROFILE_TYPES);
export const PROFILE_TYPE_LABELS: Record<ProfileType, Labels> = {
  INDIVIDUAL: /* @__PURE__ */ l('Individual', '个人'),
  ENTITY: /* @__PURE__ */ l('Entity', '实体'),
  JOINT: /* @__PURE__ */ l('Joint Account', '联名账户'),
};

// ---- Investor classification. The 14 abbreviations' long forms and the four wholesale tests' keys are ours.
export const INVESTOR_CLASSIFICATIONS = [
  'QP',
  'AI',
  'HNWI',
  'SI',
  'EPI',
  'PSPI',
  'EC',
  'PI',
  'IPI',
  'CPI',
  'INPI',
  'IAI',
  'CAI',
  'II',
  'WHOLESALE_PRODUCT_VALUE',
  'WHOLESALE_ACCOUNTANT_CERTIFICATE',
  'WHOLESALE_PROFESSIONAL_INVESTOR',
  'WHOLESALE_LARGE_BUSINESS',
  'QUALIFIED_INVESTOR',
  'RETAIL_INVESTOR',
  'FINANCIAL_ADVISOR',
  'BROKER_DEALER',
  'UNCLASSIFIED',
  'TEAM_MEMBER',
] as const;
export type InvestorClassification = (typeof INVESTOR_CLASSIFICATIONS)[number];
export const InvestorClassificationSchema = z.enum(INVESTOR_CLASSIFICATIONS);
export const INVESTOR_CLASSIFICATION_LABELS: Record<InvestorClassification, Labels> = {
  QP: /* @__PURE__ */ l('Qualified purchaser (US)', '合格购买者（美国）'),
  AI: /* @__PURE__ */ l('Accredited investor (US)', '认可投资者（美国）'),
  HNWI: /* @__PURE__ */ l('High-net-worth individual', '高净值个人'),
  SI: /* @__PURE__ */ l('Sophisticated investor', '成熟投资者'),
  EPI: /* @__PURE__ */ l('Elective professional investor', '选择性专业投资者'),
  PSPI: /* @__PURE__ */ l('Per se professional investor', '当然专业投资者'),
  EC: /* @__PURE__ */ l('Eligible counterparty', '合资格交易对手'),
  PI: /* @__PURE__ */ l('Professional investor', '专业投资者'),
  IPI: /* @__PURE__ */ l('Institutional professional investor (Hong Kong)', '机构专业投资者（香港）'),
  CPI: /* @__PURE__ */ l('Corporate professional investor (Hong Kong)', '法团专业投资者（香港）'),
  INPI: /* @__PURE__ */ l('Individual professional investor (Hong Kong)', '个人专业投资者（香港）'),
  IAI: /* @__PURE__ */ l('Individual accredited investor (Singapore)', '个人认可投资者（新加坡）'),
  CAI: /* @__PURE__ */ l('Corporate accredited investor (Singapore)', '法团认可投资者（新加坡）'),
  II: /* @__PURE__ */ l('Institutional investor (Singapore)', '机构投资者（新加坡）'),
  WHOLESALE_PRODUCT_VALUE: /* @__PURE__ */ l(
    'Wholesale investor: investment of A$500,000 or more',
    '批发投资者：投资额不少于50万澳元',
  ),
  WHOLESALE_ACCOUNTANT_CERTIFICATE: /* @__PURE__ */ l(
    "Wholesale investor: accountant's certificate (net assets or income)",
    '批发投资者：会计师证明（净资产或收入）',
  ),
  WHOLESALE_PROFESSIONAL_INVESTOR: /* @__PURE__ */ l(
    'Wholesale investor: professional investor',
    '批发投资者：专业投资者',
  ),
  WHOLESALE_LARGE_BUSINESS: /* @__PURE__ */ l('Wholesale investor: not a small business', '批发投资者：非小型企业'),
  QUALIFIED_INVESTOR: /* @__PURE__ */ l('Qualified investor', '合格投资者'),
  RETAIL_INVESTOR: /* @__PURE__ */ l('Retail investor', '零售投资者'),
  FINANCIAL_ADVISOR: /* @__PURE__ */ l('Financial advisor', '财务顾问'),
  BROKER_DEALER: /* @__PURE__ */ l('Broker-dealer', '经纪交易商'),
  UNCLASSIFIED: /* @__PURE__ */ l('Unclassified', '未分类'),
  TEAM_MEMBER: /* @__PURE__ */ l('Team member', '团队成员'),
};

// ---- Tax status, principal role (labels ours)
export const TAX_STATUSES = ['USC_USTAX', 'BORN_US_NOT_USC', 'NOT_USC'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];
export const TaxStatusSchema = z.enum(TAX_STATUSES);
export const TAX_STATUS_LABELS: Record<TaxStatus, Labels> = {
  USC_USTAX: /* @__PURE__ */ l('US citizen or US tax resident', '美国公民或美国税务居民'),
  BORN_US_NOT_USC: /* @__PURE__ */ l('Born in the US, not a US citizen', '出生于美国，非美国公民'),
  NOT_USC: /* @__PURE__ */ l('Not a US citizen', '非美国公民'),
};

export const PRINCIPAL_ROLES = ['MEMBER', 'MAIN_PRINCIPAL'] as const;
export type PrincipalRole = (typeof PRINCIPAL_ROLES)[number];
export const PrincipalRoleSchema = z.enum(PRINCIPAL_ROLES);
export const PRINCIPAL_ROLE_LABELS: Record<PrincipalRole, Labels> = {
  MEMBER: /* @__PURE__ */ l('Member', '成员'),
  MAIN_PRINCIPAL: /* @__PURE__ */ l('Main principal', '主要负责人'),
};

// ---- Accounts: kind, status (spec words are the English labels), IRA type
export const ACCOUNT_KINDS = ['BANK', 'IRA'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const AccountKindSchema = z.enum(ACCOUNT_KINDS);
export const ACCOUNT_KIND_LABELS: Record<AccountKind, Labels> = {
  BANK: /* @__PURE__ */ l('Bank account', '银行账户'),
  IRA: /* @__PURE__ */ l('IRA', '个人退休账户（IRA）'),
};

export const ACCOUNT_STATUSES = ['CLOSED', 'OPEN', 'PENDING'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES);
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, Labels> = {
  CLOSED: /* @__PURE__ */ l('Closed', '已关闭'),
  OPEN: /* @__PURE__ */ l('Open', '已开立'),
  PENDING: /* @__PURE__ */ l('Pending', '待审批'),
};

export const IRA_TYPES = ['ROTH_IRA', 'TRADITIONAL_IRA'] as const;
export type IraType = (typeof IRA_TYPES)[number];
export const IraTypeSchema = z.enum(IRA_TYPES);
export const IRA_TYPE_LABELS: Record<IraType, Labels> = {
  ROTH_IRA: /* @__PURE__ */ l('Roth IRA', '罗斯个人退休账户（Roth IRA）'),
  TRADITIONAL_IRA: /* @__PURE__ */ l('Traditional IRA', '传统个人退休账户（Traditional IRA）'),
};

export const VEHICLE_TYPES = ['SINGLE_INVESTORS', 'POOLED_VEHICLE', 'PROFESSIONALLY_MANAGED_VEHICLE'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VehicleTypeSchema = z.enum(VEHICLE_TYPES);
export const VEHICLE_TYPE_LABELS: Record<VehicleType, Labels> = {
  SINGLE_INVESTORS: /* @__PURE__ */ l('Single investor', '单一投资者'),
  POOLED_VEHICLE: /* @__PURE__ */ l('Pooled vehicle', '集合投资工具'),
  PROFESSIONALLY_MANAGED_VEHICLE: /* @__PURE__ */ l('Professionally managed vehicle', '专业管理投资工具'),
};

// ---- Validation status: "Success (Pass), Failed, Sales support, Expired, Unverified (Unauthorized)"
export const VALIDATION_STATUSES = ['SUCCESS', 'FAILED', 'SALES_SUPPORT', 'EXPIRED', 'UNVERIFIED'] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];
export const ValidationStatusSchema = z.enum(VALIDATION_STATUSES);
export const VALIDATION_STATUS_LABELS: Record<ValidationStatus, Labels> = {
  SUCCESS: /* @__PURE__ */ l('Pass', '通过'),
  FAILED: /* @__PURE__ */ l('Failed', '未通过'),
  SALES_SUPPORT: /* @__PURE__ */ l('Sales support', '销售支持'),
  EXPIRED: /* @__PURE__ */ l('Expired', '已过期'),
  UNVERIFIED: /* @__PURE__ */ l('Unauthorized', '未认证'),
};

// ---- Account state: "normal (Active), noValidation (Inactive)"
export { ACCOUNT_STATES, type AccountState };
export const AccountStateSchema = z.enum(ACCOUNT_STATES);
export const ACCOUNT_STATE_LABELS: Record<AccountState, Labels> = {
  normal: /* @__PURE__ */ l('Active', '正常'),
  noValidation: /* @__PURE__ */ l('Inactive', '未激活'),
};

// ---- Beneficial owner or controller type (keys from the spec, labels ours; _eq: the legal-arrangement equivalents)
export const BENEFICIAL_OWNER_TYPES = [
  'ownership',
  'other_means',
  'senior',
  'settlor',
  'trustee',
  'protector',
  'beneficiary',
  'other',
  'settlor_eq',
  'trustee_eq',
  'protector_eq',
  'beneficiary_eq',
  'other_eq',
] as const;
export type BeneficialOwnerType = (typeof BENEFICIAL_OWNER_TYPES)[number];
export const BeneficialOwnerTypeSchema = z.enum(BENEFICIAL_OWNER_TYPES);
export const BENEFICIAL_OWNER_TYPE_LABELS: Record<BeneficialOwnerType, Labels> = {
  ownership: /* @__PURE__ */ l('Control by ownership interest', '通过所有权权益控制'),
  other_means: /* @__PURE__ */ l('Control by other means', '通过其他方式控制'),
  senior: /* @__PURE__ */ l('Senior managing official', '高级管理人员'),
  settlor: /* @__PURE__ */ l('Settlor', '财产授予人'),
  trustee: /* @__PURE__ */ l('Trustee', '受托人'),
  protector: /* @__PURE__ */ l('Protector', '保护人'),
  beneficiary: /* @__PURE__ */ l('Beneficiary', '受益人'),
  other: /* @__PURE__ */ l('Other', '其他'),
  settlor_eq: /* @__PURE__ */ l('Settlor-equivalent (legal arrangement)', '等同财产授予人（法律安排）'),
  trustee_eq: /* @__PURE__ */ l('Trustee-equivalent (legal arrangement)', '等同受托人（法律安排）'),
  protector_eq: /* @__PURE__ */ l('Protector-equivalent (legal arrangement)', '等同保护人（法律安排）'),
  beneficiary_eq: /* @__PURE__ */ l('Beneficiary-equivalent (legal arrangement)', '等同受益人（法律安排）'),
  other_eq: /* @__PURE__ */ l('Other equivalent (legal arrangement)', '其他等同职位（法律安排）'),
};
/** The keys a legal arrangement other than a trust uses (FATF "equivalent or similar positions"). */
export const LEGAL_ARRANGEMENT_OWNER_TYPES = BENEFICIAL_OWNER_TYPES.filter((t) => t.endsWith('_eq'));

// ---- Entity person role ("EXTERNAL (authorised signatories)")
export const ENTITY_PERSON_ROLES = ['EXTERNAL', 'CONTROLLING_PERSON', 'DIRECTOR'] as const;
export type EntityPersonRole = (typeof ENTITY_PERSON_ROLES)[number];
export const EntityPersonRoleSchema = z.enum(ENTITY_PERSON_ROLES);
export const ENTITY_PERSON_ROLE_LABELS: Record<EntityPersonRole, Labels> = {
  EXTERNAL: /* @__PURE__ */ l('Authorised signatory', '授权签字人'),
  CONTROLLING_PERSON: /* @__PURE__ */ l('Controlling person', '控制人'),
  DIRECTOR: /* @__PURE__ */ l('Director', '董事'),
};

// ---- Entity types: one catalogue of 28 (the spec's "about 28"), listed per country; only OTHER has pension fund
export const ENTITY_TYPES = [
  'C_CORPORATION',
  'S_CORPORATION',
  'LLC',
  'LLP',
  'GENERAL_PARTNERSHIP',
  'LIMITED_PARTNERSHIP',
  'TRUST',
  'SOLE_PROPRIETORSHIP',
  'NON_PROFIT_ORGANISATION',
  'ESTATE',
  'PRIVATE_LIMITED_COMPANY',
  'PUBLIC_LIMITED_COMPANY',
  'COMPANY_LIMITED_BY_GUARANTEE',
  'UNLIMITED_COMPANY',
  'LIMITED_PARTNERSHIP_FUND',
  'OPEN_ENDED_FUND_COMPANY',
  'CHARITY',
  'CN_LIMITED_LIABILITY_COMPANY',
  'CN_JOINT_STOCK_COMPANY',
  'WHOLLY_FOREIGN_OWNED_ENTERPRISE',
  'SINO_FOREIGN_JOINT_VENTURE',
  'STATE_OWNED_ENTERPRISE',
  'CN_PARTNERSHIP_ENTERPRISE',
  'INVESTMENT_FUND',
  'FAMILY_OFFICE',
  'FOUNDATION',
  'PENSION_FUND',
  'OTHER',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const EntityTypeSchema = z.enum(ENTITY_TYPES);
export const ENTITY_TYPE_LABELS: Record<EntityType, Labels> = {
  C_CORPORATION: /* @__PURE__ */ l('C corporation', 'C类公司'),
  S_CORPORATION: /* @__PURE__ */ l('S corporation', 'S类公司'),
  LLC: /* @__PURE__ */ l('Limited liability company (LLC)', '有限责任公司（LLC）'),
  LLP: /* @__PURE__ */ l('Limited liability partnership (LLP)', '有限责任合伙（LLP）'),
  GENERAL_PARTNERSHIP: /* @__PURE__ */ l('General partnership', '普通合伙'),
  LIMITED_PARTNERSHIP: /* @__PURE__ */ l('Limited partnership', '有限合伙'),
  TRUST: /* @__PURE__ */ l('Trust', '信托'),
  SOLE_PROPRIETORSHIP: /* @__PURE__ */ l('Sole proprietorship', '独资企业'),
  NON_PROFIT_ORGANISATION: /* @__PURE__ */ l('Non-profit organisation', '非营利组织'),
  ESTATE: /* @__PURE__ */ l('Estate', '遗产'),
  PRIVATE_LIMITED_COMPANY: /* @__PURE__ */ l('Private company limited by shares', '私人股份有限公司'),
  PUBLIC_LIMITED_COMPANY: /* @__PURE__ */ l('Public company limited by shares', '公众股份有限公司'),
  COMPANY_LIMITED_BY_GUARANTEE: /* @__PURE__ */ l('Company limited by guarantee', '担保有限公司'),
  UNLIMITED_COMPANY: /* @__PURE__ */ l('Unlimited company', '无限公司'),
  LIMITED_PARTNERSHIP_FUND: /* @__PURE__ */ l('Limited partnership fund', '有限合伙基金'),
  OPEN_ENDED_FUND_COMPANY: /* @__PURE__ */ l('Open-ended fund company', '开放式基金型公司'),
  CHARITY: /* @__PURE__ */ l('Charity', '慈善机构'),
  CN_LIMITED_LIABILITY_COMPANY: /* @__PURE__ */ l('Limited liability company', '有限责任公司'),
  CN_JOINT_STOCK_COMPANY: /* @__PURE__ */ l('Company limited by shares', '股份有限公司'),
  WHOLLY_FOREIGN_OWNED_ENTERPRISE: /* @__PURE__ */ l('Wholly foreign-owned enterprise', '外商独资企业'),
  SINO_FOREIGN_JOINT_VENTURE: /* @__PURE__ */ l('Sino-foreign joint venture', '中外合资企业'),
  STATE_OWNED_ENTERPRISE: /* @__PURE__ */ l('State-owned enterprise', '国有企业'),
  CN_PARTNERSHIP_ENTERPRISE: /* @__PURE__ */ l('Partnership enterprise', '合伙企业'),
  INVESTMENT_FUND: /* @__PURE__ */ l('Investment fund', '投资基金'),
  FAMILY_OFFICE: /* @__PURE__ */ l('Family office', '家族办公室'),
  FOUNDATION: /* @__PURE__ */ l('Foundation', '基金会'),
  PENSION_FUND: /* @__PURE__ */ l('Pension fund', '养老基金'),
  OTHER: /* @__PURE__ */ l('Other', '其他'),
};

/** The spec keys lists by country as it spells them: UK and GB both (one list; the spec keeps both keys). */
export const ENTITY_TYPE_COUNTRIES = ['US', 'CN', 'HK', 'UK', 'GB', 'OTHER'] as const;
export type EntityTypeCountry = (typeof ENTITY_TYPE_COUNTRIES)[number];
const UK_ENTITY_TYPES: readonly EntityType[] = [
  'PRIVATE_LIMITED_COMPANY',
  'PUBLIC_LIMITED_COMPANY',
  'COMPANY_LIMITED_BY_GUARANTEE',
  'UNLIMITED_COMPANY',
  'LLP',
  'GENERAL_PARTNERSHIP',
  'LIMITED_PARTNERSHIP',
  'TRUST',
  'SOLE_PROPRIETORSHIP',
  'CHARITY',
  'INVESTMENT_FUND',
  'FAMILY_OFFICE',
  'OTHER',
];
export const ENTITY_TYPES_BY_COUNTRY: Record<EntityTypeCountry, readonly EntityType[]> = {
  US: [
    'C_CORPORATION',
    'S_CORPORATION',
    'LLC',
    'LLP',
    'GENERAL_PARTNERSHIP',
    'LIMITED_PARTNERSHIP',
    'TRUST',
    'SOLE_PROPRIETORSHIP',
    'NON_PROFIT_ORGANISATION',
    'ESTATE',
    'INVESTMENT_FUND',
    'FAMILY_OFFICE',
    'OTHER',
  ],
  CN: [
    'CN_LIMITED_LIABILITY_COMPANY',
    'CN_JOINT_STOCK_COMPANY',
    'WHOLLY_FOREIGN_OWNED_ENTERPRISE',
    'SINO_FOREIGN_JOINT_VENTURE',
    'STATE_OWNED_ENTERPRISE',
    'CN_PARTNERSHIP_ENTERPRISE',
    'SOLE_PROPRIETORSHIP',
    'TRUST',
    'INVESTMENT_FUND',
    'FAMILY_OFFICE',
    'OTHER',
  ],
  HK: [
    'PRIVATE_LIMITED_COMPANY',
    'PUBLIC_LIMITED_COMPANY',
    'COMPANY_LIMITED_BY_GUARANTEE',
    'UNLIMITED_COMPANY',
    'GENERAL_PARTNERSHIP',
    'LIMITED_PARTNERSHIP',
    'LIMITED_PARTNERSHIP_FUND',
    'OPEN_ENDED_FUND_COMPANY',
    'TRUST',
    'SOLE_PROPRIETORSHIP',
    'CHARITY',
    'FAMILY_OFFICE',
    'OTHER',
  ],
  UK: UK_ENTITY_TYPES,
  GB: UK_ENTITY_TYPES,
  OTHER: [
    'PRIVATE_LIMITED_COMPANY',
    'PUBLIC_LIMITED_COMPANY',
    'LLC',
    'GENERAL_PARTNERSHIP',
    'LIMITED_PARTNERSHIP',
    'TRUST',
    'FOUNDATION',
    'SOLE_PROPRIETORSHIP',
    'NON_PROFIT_ORGANISATION',
    'INVESTMENT_FUND',
    'FAMILY_OFFICE',
    'PENSION_FUND',
    'OTHER',
  ],
};
/** The list for a country of incorporation (ISO alpha-2): its own if the spec keys one, else OTHER. */
export const entityTypesFor = (country: string): readonly EntityType[] =>
  ENTITY_TYPES_BY_COUNTRY[
    (ENTITY_TYPE_COUNTRIES as readonly string[]).includes(country) ? (country as EntityTypeCountry) : 'OTHER'
  ];

// ---- Identity documents
export const DOCUMENT_CATEGORIES = ['IDENTITY'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, Labels> = {
  IDENTITY: /* @__PURE__ */ l('Identity', '身份'),
};

export const ID_DOCUMENT_TYPES = ['PASSPORT', 'DRIVING_LICENCE', 'NATIONAL_ID_CARD', 'MILITARY_ID_CARD'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];
export const IdDocumentTypeSchema = z.enum(ID_DOCUMENT_TYPES);
export const ID_DOCUMENT_TYPE_LABELS: Record<IdDocumentType, Labels> = {
  PASSPORT: /* @__PURE__ */ l('Passport', '护照'),
  DRIVING_LICENCE: /* @__PURE__ */ l('Driving licence', '驾驶执照'),
  NATIONAL_ID_CARD: /* @__PURE__ */ l('National ID card', '身份证'),
  MILITARY_ID_CARD: /* @__PURE__ */ l('Military ID card', '军官证'),
};

// ---- Requirement (document) kinds: the spec's 19 phrases are the English labels, in its order
export const REQUIREMENT_KINDS = [
  'ENTITY_CERTIFIED_SUPPORT',
  'INVESTOR_BANK_SUPPORT',
  'PROOF_OF_IDENTITY',
  'PROOF_OF_ADDRESS',
  'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY',
  'ROLE_IN_ENTITY',
  'ADDITIONAL_DOCUMENTS',
  'TAX_JURISDICTION',
  'ADDRESS_INFORMATION',
  'IDENTITY_INFORMATION',
  'BANK_INFORMATION',
  'TAX_REPORTING',
  'INCORPORATION_ID',
  'ENTITY_TYPE',
  'PERCENTAGE_OWNERSHIP',
  'LEGAL_NAME_OF_ENTITY',
  'TYPE_OF_CONTROLLING_PERSON',
  'EMAIL_ADDRESS',
  'POSITION_OR_TITLE',
] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];
export const RequirementKindSchema = z.enum(REQUIREMENT_KINDS);
export const REQUIREMENT_KIND_LABELS: Record<RequirementKind, Labels> = {
  ENTITY_CERTIFIED_SUPPORT: /* @__PURE__ */ l('Entity certified support', '实体认证证明文件'),
  INVESTOR_BANK_SUPPORT: /* @__PURE__ */ l('Investor bank support', '投资者银行证明文件'),
  PROOF_OF_IDENTITY: /* @__PURE__ */ l('Proof of identity', '身份证明'),
  PROOF_OF_ADDRESS: /* @__PURE__ */ l('Proof of address', '地址证明'),
  OWNER_DIRECTOR_TRUSTEE_BENEFICIARY: /* @__PURE__ */ l(
    'Owner/director/trustee/beneficiary',
    '所有人/董事/受托人/受益人',
  ),
  ROLE_IN_ENTITY: /* @__PURE__ */ l('Role in the entity', '在实体中的角色'),
  ADDITIONAL_DOCUMENTS: /* @__PURE__ */ l('Additional documents', '补充文件'),
  TAX_JURISDICTION: /* @__PURE__ */ l('Tax jurisdiction', '税务管辖区'),
  ADDRESS_INFORMATION: /* @__PURE__ */ l('Address information', '地址信息'),
  IDENTITY_INFORMATION: /* @__PURE__ */ l('Identity information', '身份信息'),
  BANK_INFORMATION: /* @__PURE__ */ l('Bank information', '银行信息'),
  TAX_REPORTING: /* @__PURE__ */ l('Tax reporting', '税务申报'),
  INCORPORATION_ID: /* @__PURE__ */ l('Incorporation id', '注册编号'),
  ENTITY_TYPE: /* @__PURE__ */ l('Entity type', '实体类型'),
  PERCENTAGE_OWNERSHIP: /* @__PURE__ */ l('Percentage ownership', '持股比例'),
  LEGAL_NAME_OF_ENTITY: /* @__PURE__ */ l('Legal name of entity', '实体法定名称'),
  TYPE_OF_CONTROLLING_PERSON: /* @__PURE__ */ l('Type of controlling person', '控制人类型'),
  EMAIL_ADDRESS: /* @__PURE__ */ l('Email address', '电子邮件地址'),
  POSITION_OR_TITLE: /* @__PURE__ */ l('Position or title', '职位或头衔'),
};

export const ADD_DOCUMENT_RESULTS = ['SUCCESS', 'PROFILE_ID_NOT_EXIST', 'FILE_NOT_EXIST', 'FAIL'] as const;
export type AddDocumentResult = (typeof ADD_DOCUMENT_RESULTS)[number];
export const AddDocumentResultSchema = z.enum(ADD_DOCUMENT_RESULTS);
export const ADD_DOCUMENT_RESULT_LABELS: Record<AddDocumentResult, Labels> = {
  SUCCESS: /* @__PURE__ */ l('Document added', '文件已添加'),
  PROFILE_ID_NOT_EXIST: /* @__PURE__ */ l('Profile does not exist', '档案不存在'),
  FILE_NOT_EXIST: /* @__PURE__ */ l('File does not exist', '文件不存在'),
  FAIL: /* @__PURE__ */ l('The document could not be added', '文件添加失败'),
};

export const REQUIREMENT_LEVELS = ['MANDATORY', 'OPTIONAL', 'HIDDEN'] as const;
export type RequirementLevel = (typeof REQUIREMENT_LEVELS)[number];
export const RequirementLevelSchema = z.enum(REQUIREMENT_LEVELS);
export const REQUIREMENT_LEVEL_LABELS: Record<RequirementLevel, Labels> = {
  MANDATORY: /* @__PURE__ */ l('Mandatory', '必填'),
  OPTIONAL: /* @__PURE__ */ l('Optional', '选填'),
  HIDDEN: /* @__PURE__ */ l('Hidden', '隐藏'),
};

// ---- Job titles: 36 entries, alphabetical from Accountant to Treasury Analyst, Other last (the list is ours)
export const JOB_TITLES = [
  'ACCOUNTANT',
  'ACTUARY',
  'ANALYST',
  'ARCHITECT',
  'AUDITOR',
  'BANKER',
  'BOARD_MEMBER',
  'BUSINESS_OWNER',
  'CHIEF_EXECUTIVE_OFFICER',
  'CHIEF_FINANCIAL_OFFICER',
  'CHIEF_INVESTMENT_OFFICER',
  'CHIEF_OPERATING_OFFICER',
  'CIVIL_SERVANT',
  'COMPLIANCE_OFFICER',
  'CONSULTANT',
  'DIRECTOR',
  'DOCTOR',
  'ENGINEER',
  'ENTREPRENEUR',
  'EXECUTIVE_DIRECTOR',
  'FAMILY_OFFICE_PRINCIPAL',
  'FINANCIAL_ADVISOR',
  'FUND_MANAGER',
  'GENERAL_COUNSEL',
  'HOMEMAKER',
  'INVESTMENT_MANAGER',
  'LAWYER',
  'MANAGING_DIRECTOR',
  'PARTNER',
  'PORTFOLIO_MANAGER',
  'PROFESSOR',
  'RETIRED',
  'SALES_MANAGER',
  'STUDENT',
  'TREASURY_ANALYST',
  'OTHER',
] as const;
export type JobTitle = (typeof JOB_TITLES)[number];
export const JobTitleSchema = z.enum(JOB_TITLES);
export const JOB_TITLE_LABELS: Record<JobTitle, Labels> = {
  ACCOUNTANT: /* @__PURE__ */ l('Accountant', '会计师'),
  ACTUARY: /* @__PURE__ */ l('Actuary', '精算师'),
  ANALYST: /* @__PURE__ */ l('Analyst', '分析师'),
  ARCHITECT: /* @__PURE__ */ l('Architect', '建筑师'),
  AUDITOR: /* @__PURE__ */ l('Auditor', '审计师'),
  BANKER: /* @__PURE__ */ l('Banker', '银行家'),
  BOARD_MEMBER: /* @__PURE__ */ l('Board Member', '董事会成员'),
  BUSINESS_OWNER: /* @__PURE__ */ l('Business Owner', '企业主'),
  CHIEF_EXECUTIVE_OFFICER: /* @__PURE__ */ l('Chief Executive Officer', '首席执行官'),
  CHIEF_FINANCIAL_OFFICER: /* @__PURE__ */ l('Chief Financial Officer', '首席财务官'),
  CHIEF_INVESTMENT_OFFICER: /* @__PURE__ */ l('Chief Investment Officer', '首席投资官'),
  CHIEF_OPERATING_OFFICER: /* @__PURE__ */ l('Chief Operating Officer', '首席运营官'),
  CIVIL_SERVANT: /* @__PURE__ */ l('Civil Servant', '公务员'),
  COMPLIANCE_OFFICER: /* @__PURE__ */ l('Compliance Officer', '合规官'),
  CONSULTANT: /* @__PURE__ */ l('Consultant', '顾问'),
  DIRECTOR: /* @__PURE__ */ l('Director', '总监'),
  DOCTOR: /* @__PURE__ */ l('Doctor', '医生'),
  ENGINEER: /* @__PURE__ */ l('Engineer', '工程师'),
  ENTREPRENEUR: /* @__PURE__ */ l('Entrepreneur', '创业者'),
  EXECUTIVE_DIRECTOR: /* @__PURE__ */ l('Executive Director', '执行董事'),
  FAMILY_OFFICE_PRINCIPAL: /* @__PURE__ */ l('Family Office Principal', '家族办公室负责人'),
  FINANCIAL_ADVISOR: /* @__PURE__ */ l('Financial Advisor', '理财顾问'),
  FUND_MANAGER: /* @__PURE__ */ l('Fund Manager', '基金经理'),
  GENERAL_COUNSEL: /* @__PURE__ */ l('General Counsel', '总法律顾问'),
  HOMEMAKER: /* @__PURE__ */ l('Homemaker', '家庭主妇/主夫'),
  INVESTMENT_MANAGER: /* @__PURE__ */ l('Investment Manager', '投资经理'),
  LAWYER: /* @__PURE__ */ l('Lawyer', '律师'),
  MANAGING_DIRECTOR: /* @__PURE__ */ l('Managing Director', '董事总经理'),
  PARTNER: /* @__PURE__ */ l('Partner', '合伙人'),
  PORTFOLIO_MANAGER: /* @__PURE__ */ l('Portfolio Manager', '投资组合经理'),
  PROFESSOR: /* @__PURE__ */ l('Professor', '教授'),
  RETIRED: /* @__PURE__ */ l('Retired', '退休'),
  SALES_MANAGER: /* @__PURE__ */ l('Sales Manager', '销售经理'),
  STUDENT: /* @__PURE__ */ l('Student', '学生'),
  TREASURY_ANALYST: /* @__PURE__ */ l('Treasury Analyst', '司库分析师'),
  OTHER: /* @__PURE__ */ l('Other', '其他'),
};

// ---- Spec section 5: the profile forms' validation messages (English verbatim from the spec)
export const PROFILE_VALIDATION_KEYS = [
  'required',
  'phone',
  'email',
  'realName',
  'personChosen',
  'atLeastOneChecked',
] as const;
export type ProfileValidationKey = (typeof PROFILE_VALIDATION_KEYS)[number];
export const ProfileValidationKeySchema = z.enum(PROFILE_VALIDATION_KEYS);
export const PROFILE_VALIDATION_MESSAGES: Record<ProfileValidationKey, Labels> = {
  required: /* @__PURE__ */ l('This field is required.', '此字段为必填项。'),
  phone: /* @__PURE__ */ l('Invalid phone number', '电话号码无效'),
  email: /* @__PURE__ */ l('Invalid email address', '电子邮件地址无效'),
  realName: /* @__PURE__ */ l('Invalid name', '姓名无效'),
  personChosen: /* @__PURE__ */ l('This person has been chosen', '此人已被选择'),
  atLeastOneChecked: /* @__PURE__ */ l('At least one checked', '请至少选择一项'),
};

/** Every enumeration with its labels, for the label test and for any UI that lists them generically. */
export const PROFILE_ENUMS = {
  investorType: [INVESTOR_TYPES, INVESTOR_TYPE_LABELS],
  profileType: [PROFILE_TYPES, PROFILE_TYPE_LABELS],
  investorClassification: [INVESTOR_CLASSIFICATIONS, INVESTOR_CLASSIFICATION_LABELS],
  taxStatus: [TAX_STATUSES, TAX_STATUS_LABELS],
  principalRole: [PRINCIPAL_ROLES, PRINCIPAL_ROLE_LABELS],
  accountKind: [ACCOUNT_KINDS, ACCOUNT_KIND_LABELS],
  accountStatus: [ACCOUNT_STATUSES, ACCOUNT_STATUS_LABELS],
  iraType: [IRA_TYPES, IRA_TYPE_LABELS],
  vehicleType: [VEHICLE_TYPES, VEHICLE_TYPE_LABELS],
  validationStatus: [VALIDATION_STATUSES, VALIDATION_STATUS_LABELS],
  accountState: [ACCOUNT_STATES, ACCOUNT_STATE_LABELS],
  beneficialOwnerType: [BENEFICIAL_OWNER_TYPES, BENEFICIAL_OWNER_TYPE_LABELS],
  entityPersonRole: [ENTITY_PERSON_ROLES, ENTITY_PERSON_ROLE_LABELS],
  entityType: [ENTITY_TYPES, ENTITY_TYPE_LABELS],
  documentCategory: [DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS],
  idDocumentType: [ID_DOCUMENT_TYPES, ID_DOCUMENT_TYPE_LABELS],
  requirementKind: [REQUIREMENT_KINDS, REQUIREMENT_KIND_LABELS],
  addDocumentResult: [ADD_DOCUMENT_RESULTS, ADD_DOCUMENT_RESULT_LABELS],
  requirementLevel: [REQUIREMENT_LEVELS, REQUIREMENT_LEVEL_LABELS],
  jobTitle: [JOB_TITLES, JOB_TITLE_LABELS],
  profileValidation: [PROFILE_VALIDATION_KEYS, PROFILE_VALIDATION_MESSAGES],
} as const satisfies Record<string, readonly [readonly string[], Record<string, Labels>]>;
