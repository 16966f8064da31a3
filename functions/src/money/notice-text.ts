import type { Lang } from '@tranche/shared/i18n/langs';

/**
 * The words of the capital call notice and the contract note PDFs, in each language the product
 * ships (docs/money.md "Notice and contract note PDFs in Chinese"). The investor's language decides,
 * as it does for their emails (the user record's `language`). Amounts keep the ISO code in front and
 * groups of three in both languages, as Chinese fund documents print foreign-currency amounts;
 * dates are ISO in English (what the notice always printed) and 年月日 in Chinese.
 */
export interface NoticeWords {
  title: string;
  docTitle: (callNumber: number) => string;
  investor: string;
  callNumber: string;
  noticeDate: string;
  dueDate: string;
  reference: string;
  purpose: (purpose: string) => string;
  thisNotice: string;
  investment: string;
  managementFee: string;
  expenses: string;
  totalDue: string;
  yourCommitment: string;
  commitment: string;
  calledBefore: string;
  calledAfter: string;
  remainingAfter: string;
  howToPay: string;
  payToAccount: (amount: string, due: string) => string;
  payInPortal: (amount: string, due: string, reference: string) => string;
  bank: string;
  accountName: string;
  accountNumber: string;
  routingNumber: string;
  currency: string;
  /** The bank's address, its lines joined as the language writes a list. */
  bankAddress: (lines: readonly string[]) => string;
  ira: string;
  warning: string;
  approximated: (attachment: string) => string;
}

export const NOTICE_WORDS: Record<Lang, NoticeWords> = {
  en: {
    title: 'Capital Call Notice',
    docTitle: (n) => `Capital call notice ${n}`,
    investor: 'Investor',
    callNumber: 'Call number',
    noticeDate: 'Notice date',
    dueDate: 'Due date',
    reference: 'Reference',
    purpose: (p) => `Purpose: ${p}`,
    thisNotice: 'This notice',
    investment: 'Investment',
    managementFee: 'Management fee',
    expenses: 'Fund expenses',
    totalDue: 'Total due',
    yourCommitment: 'Your commitment',
    commitment: 'Commitment',
    calledBefore: 'Called before this notice',
    calledAfter: 'Called including this notice',
    remainingAfter: 'Remaining commitment after this notice',
    howToPay: 'How to pay',
    payToAccount: (amount, due) => `Pay ${amount} by ${due} to the fund's account below, quoting the reference.`,
    payInPortal: (amount, due, reference) =>
      `Pay ${amount} by ${due}. The fund's payment instructions are shown in the investor portal, on this capital call. Quote the reference ${reference} with your transfer.`,
    bank: 'Bank',
    accountName: 'Account name',
    accountNumber: 'Account number',
    routingNumber: 'ABA routing number',
    currency: 'Currency',
    bankAddress: (lines) => `Bank address: ${lines.join(', ')}`,
    ira: 'This investment is held through your IRA: instruct your custodian to send the payment. Transfers from a custodian usually take 5 business days to clear, so instruct it early.',
    warning:
      'Check these details against the portal before you pay, and never act on bank details received by email: if anything differs from what the portal shows, contact the fund before you pay.',
    approximated: (file) => `Some names are shown approximately; the exact text is attached as ${file}.`,
  },
  'zh-CN': {
    title: '资本催缴通知书',
    docTitle: (n) => `第 ${n} 次资本催缴通知书`,
    investor: '投资者',
    callNumber: '催缴次数',
    noticeDate: '通知日期',
    dueDate: '付款截止日期',
    reference: '付款参考编号',
    purpose: (p) => `用途：${p}`,
    thisNotice: '本次催缴',
    investment: '投资款',
    managementFee: '管理费',
    expenses: '基金费用',
    totalDue: '应付总额',
    yourCommitment: '您的认缴承诺',
    commitment: '认缴承诺额',
    calledBefore: '本次催缴前已催缴',
    calledAfter: '含本次累计已催缴',
    remainingAfter: '本次催缴后剩余认缴承诺',
    howToPay: '付款方式',
    payToAccount: (amount, due) => `请于 ${due} 前将 ${amount} 汇至以下基金账户，并注明付款参考编号。`,
    payInPortal: (amount, due, reference) =>
      `请于 ${due} 前支付 ${amount}。基金的付款指示显示在投资者门户的本次资本催缴页面中。转账时请注明付款参考编号 ${reference}。`,
    bank: '银行',
    accountName: '账户名称',
    accountNumber: '账号',
    routingNumber: 'ABA 路由号码',
    currency: '币种',
    bankAddress: (lines) => `银行地址：${lines.join('，')}`,
    ira: '本投资通过您的个人退休账户（IRA）持有：请指示您的托管人付款。托管人转账通常需要 5 个工作日才能到账，请尽早发出指示。',
    warning:
      '付款前请将以上信息与门户中显示的信息核对，切勿依据通过电子邮件收到的银行信息付款：如有任何与门户不符之处，请在付款前联系基金。',
    approximated: (file) => `部分名称仅为近似显示；准确文本见附件 ${file}。`,
  },
};

export interface ContractNoteWords {
  title: string;
  docTitle: (contractNoteId: string) => string;
  investor: string;
  contractNote: string;
  investment: string;
  orderDate: string;
  dealingDate: string;
  navDate: string;
  navPerUnit: string;
  subscription: string;
  gross: string;
  fee: (rate: { percent: string } | 'fixed' | undefined) => string;
  net: string;
  units: string;
  pricing: (navDate: string) => string;
  approximated: (attachment: string) => string;
}

export const CONTRACT_NOTE_WORDS: Record<Lang, ContractNoteWords> = {
  en: {
    title: 'Contract Note',
    docTitle: (id) => `Contract note ${id}`,
    investor: 'Investor',
    contractNote: 'Contract note',
    investment: 'Investment',
    orderDate: 'Order date',
    dealingDate: 'Dealing date',
    navDate: 'NAV date',
    navPerUnit: 'NAV per unit',
    subscription: 'Subscription',
    gross: 'Gross amount',
    fee: (rate) => `Subscription fee${rate === 'fixed' ? ' (fixed)' : rate ? ` (${rate.percent}%)` : ''}`,
    net: 'Net amount invested',
    units: 'Units issued',
    pricing: (navDate) =>
      `Units are issued at the NAV per unit of ${navDate}, the first NAV on or after the dealing date (forward pricing), and rounded down to 6 decimals: no unit is issued that was not paid for.`,
    approximated: (file) => `Some names are shown approximately; the exact text is attached as ${file}.`,
  },
  'zh-CN': {
    title: '成交确认书',
    docTitle: (id) => `成交确认书 ${id}`,
    investor: '投资者',
    contractNote: '确认书编号',
    investment: '投资编号',
    orderDate: '下单日期',
    dealingDate: '交易日',
    navDate: '净值日期',
    navPerUnit: '每单位净值',
    subscription: '认购',
    gross: '认购总额',
    fee: (rate) => `认购费${rate === 'fixed' ? '（固定金额）' : rate ? `（${rate.percent}%）` : ''}`,
    net: '净投资额',
    units: '发行份额',
    pricing: (navDate) =>
      `份额按 ${navDate} 的每单位净值发行，即交易日当日或之后的首个净值（未知价法），并向下取整至 6 位小数：不会发行未付款的份额。`,
    approximated: (file) => `部分名称仅为近似显示；准确文本见附件 ${file}。`,
  },
};

/** An ISO date (YYYY-MM-DD) as the language prints it: unchanged in English, 2026年12月8日 in Chinese. */
export const printedDate = (lang: Lang, iso: string): string => {
  if (lang === 'en') return iso;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : iso;
};
