import type { Lang } from '@tranche/shared/i18n/langs';
import type { OutgoingEmail } from '#lib/mailer';

/**
 * The signer side's own emails (issue 12), in the recipient's language: the one-time code (sent by
 * /sign/captcha itself: a code must never sit in a stored event) and the invitation, resend and
 * reminder with the signing link (sent by the signing consumer, which issues the link it emails).
 * Signers with an account are invited through their inbox task instead (its email links to the task).
 */
type Values = Record<string, string>;
type Template = Record<Lang, (v: Values) => { subject: string; text: string }>;

const TEMPLATES = {
  code: {
    en: (v) => ({
      subject: `${v.code} is your code to sign ${v.project}`,
      text: `Your code to open ${v.project} on ${v.portal} is ${v.code}. It expires in ${v.minutes} minutes and works once.\n\nIf you did not ask for it, ignore this email: nobody can sign without it.`,
    }),
    'zh-CN': (v) => ({
      subject: `${v.code} 是您签署${v.project}的验证码`,
      text: `您在${v.portal}打开${v.project}的验证码是 ${v.code}，${v.minutes} 分钟内有效，仅可使用一次。\n\n如果不是您本人请求，请忽略此邮件：没有验证码任何人都无法签署。`,
    }),
  },
  invitation: {
    en: (v) => ({
      subject: `${v.portal}: documents out for signing — ${v.project}`,
      text: `Hello ${v.signer},\n\n${v.portal} asks you to sign ${v.project}. Open it here; you will confirm it is you with a code we email you, then review and sign:\n${v.link}\n\nThe link is yours alone and works until ${v.until} (UTC).${v.note}`,
    }),
    'zh-CN': (v) => ({
      subject: `${v.portal}：待签署文件 — ${v.project}`,
      text: `${v.signer}，您好：\n\n${v.portal}请您签署${v.project}。请通过以下链接打开；您将先通过我们发送到您邮箱的验证码确认身份，然后查阅并签署：\n${v.link}\n\n此链接仅供您本人使用，有效期至 ${v.until}（UTC）。${v.note}`,
    }),
  },
  reminder: {
    en: (v) => ({
      subject: `Reminder: ${v.project} waits for your signature`,
      text: `Hello ${v.signer},\n\n${v.project} from ${v.portal} still waits for your signature. Open it here:\n${v.link}\n\nThe project expires on ${v.expires} (UTC).${v.note}`,
    }),
    'zh-CN': (v) => ({
      subject: `提醒：${v.project}等待您签署`,
      text: `${v.signer}，您好：\n\n${v.portal}的${v.project}仍在等待您签署。请通过以下链接打开：\n${v.link}\n\n该签署项目将于 ${v.expires}（UTC）过期。${v.note}`,
    }),
  },
  // Once the project is sealed: a signer without an account gets a link with its own copy token; one
  // with an account, their signing page (their session downloads it).
  copy: {
    en: (v) => ({
      subject: `Signed by everyone: ${v.project}`,
      text: `Hello ${v.signer},\n\nEveryone has signed ${v.project} from ${v.portal}. The signed PDF, sealed so that any PDF reader can check it has not been changed, is ready:\n${v.link}\n\n${v.until ? `The link is yours alone and works until ${v.until} (UTC). Download the file and keep it.` : 'Sign in to download it.'}`,
    }),
    'zh-CN': (v) => ({
      subject: `各方均已签署：${v.project}`,
      text: `${v.signer}，您好：\n\n${v.portal}的${v.project}已由各方签署完毕。已签署的 PDF 已加盖电子印章，任何 PDF 阅读器均可核验其未被更改，现可下载：\n${v.link}\n\n${v.until ? `此链接仅供您本人使用，有效期至 ${v.until}（UTC）。请下载并妥善保存该文件。` : '请登录后下载。'}`,
    }),
  },
} satisfies Record<string, Template>;

/** A newer link replaces the older one: said in reminders and resends, so a signer uses the newest email. */
export const NEWEST_LINK_NOTE: Record<Lang, string> = {
  en: '\n\nThis link replaces any earlier one we sent you.',
  'zh-CN': '\n\n此链接取代我们之前发送给您的链接。',
};

export const signerEmail = (
  to: string,
  template: keyof typeof TEMPLATES,
  lang: Lang,
  values: Values,
): OutgoingEmail => ({ to, ...TEMPLATES[template][lang](values) });
