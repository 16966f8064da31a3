import type { Lang } from '@tranche/shared/i18n/langs';
import { ACTION_LABELS, INBOX_CATALOGUE, renderKind } from '@tranche/shared/inbox/catalogue';
import { gpInboxMessagePath, inboxMessagePath } from '@tranche/shared/inbox/paths';
import type { OutgoingEmail } from '#lib/mailer';
import { portalLink } from '../auth/notifications.js';
import type { MessageItem } from './inbox.repo.js';

/**
 * The inbox's emails and texts, in the recipient's language, with a link that opens the message on
 * the tenant's own portal. They never carry a bank account, IBAN, card or routing number, nor wire
 * instructions: the catalogue has no placeholder for one, and `redactBankDetails` removes anything
 * that looks like one from whatever an emitter put in a text value (docs/inbox.md "No bank details").
 */

/**
 * Long digit runs (account, card, routing numbers, with spaces or dashes) and IBANs; after a bank
 * label, a value whose first token holds a digit; a SWIFT/BIC code (8 or 11 letters and digits) after
 * its label. A label followed by plain words is prose, not a detail: "Bank account change reviewed"
 * once lost its last three words to the redaction.
 */
const BANK_PATTERNS: readonly RegExp[] = [
  /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/g,
  /(?<![\d.,])\d(?:[ -]?\d){7,}(?![\d.,]*\d)/g,
  /\b(?:SWIFT|BIC|IBAN|ABA|routing|sort code|account(?: number| no\.?)?)\s*[:#]?\s*(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9 -]{3,}/gi,
  /\b(?:SWIFT|BIC)(?: code)?\s*[:#]?\s*[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/gi,
];
export const REDACTED = '[hidden: see the portal]';

/** Dates (2026-12-01) are the one long run of digits an inbox text carries on purpose. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const redactBankDetails = (text: string): string =>
  BANK_PATTERNS.reduce((out, pattern) => out.replace(pattern, (hit) => (ISO_DATE.test(hit) ? hit : REDACTED)), text);

const FOOTER: Record<Lang, string> = {
  en: 'For your security, this email never contains bank details or payment instructions: they are only on the portal.',
  'zh-CN': '为保障您的安全，本邮件绝不包含银行信息或付款指示，相关信息仅在门户中提供。',
};
const OPEN: Record<Lang, string> = { en: 'Open it on the portal', 'zh-CN': '在门户中打开' };

export const messageLink = (tenantPrefix: string, message: Pick<MessageItem, 'kind' | 'messageId'>): Promise<string> =>
  portalLink(
    tenantPrefix,
    INBOX_CATALOGUE[message.kind].audience !== 'LP'
      ? gpInboxMessagePath(message.messageId)
      : inboxMessagePath(message.messageId),
    {},
  );

/** One message's email: its title as subject, its body, the action and the link. */
export const messageEmail = async (
  to: string,
  lang: Lang,
  portal: string,
  tenantPrefix: string,
  message: MessageItem,
): Promise<OutgoingEmail> => {
  const { title, body } = renderKind(message.kind, lang, message.params);
  const def = INBOX_CATALOGUE[message.kind];
  const label = 'action' in def && def.action ? ACTION_LABELS[def.action][lang] : OPEN[lang];
  const link = await messageLink(tenantPrefix, message);
  return {
    to,
    subject: redactBankDetails(`${portal}: ${title}`),
    text: redactBankDetails(`${body}\n\n${label}:\n${link}\n\n— ${portal}\n${FOOTER[lang]}`),
  };
};

const DIGEST_SUBJECT: Record<Lang, (portal: string, n: number) => string> = {
  en: (portal, n) => `${portal}: ${n} new message${n === 1 ? '' : 's'} in your inbox`,
  'zh-CN': (portal, n) => `${portal}：您的收件箱有 ${n} 条新消息`,
};
const DIGEST_INTRO: Record<Lang, string> = {
  en: 'Here is what arrived in your inbox since the last summary:',
  'zh-CN': '以下是自上次摘要以来您收件箱中的新消息：',
};

/** The daily digest: every waiting message, newest first, each with its link. */
export const digestEmail = async (
  to: string,
  lang: Lang,
  portal: string,
  tenantPrefix: string,
  messages: readonly MessageItem[],
): Promise<OutgoingEmail> => {
  const lines = await Promise.all(
    messages.map(async (m) => {
      const { title } = renderKind(m.kind, lang, m.params);
      return `• ${title}\n  ${await messageLink(tenantPrefix, m)}`;
    }),
  );
  return {
    to,
    subject: redactBankDetails(DIGEST_SUBJECT[lang](portal, messages.length)),
    text: redactBankDetails(`${DIGEST_INTRO[lang]}\n\n${lines.join('\n\n')}\n\n— ${portal}\n${FOOTER[lang]}`),
  };
};

const SMS: Record<Lang, (portal: string, title: string) => string> = {
  en: (portal, title) => `${portal}: ${title}. Please see your inbox on the portal.`,
  'zh-CN': (portal, title) => `${portal}：${title}。请在门户收件箱中查看。`,
};

/** The urgent text: the title only (no amount's payment details, no link a text could spoof). */
export const urgentText = (lang: Lang, portal: string, message: MessageItem): string =>
  redactBankDetails(SMS[lang](portal, renderKind(message.kind, lang, message.params).title));
