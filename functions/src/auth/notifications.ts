import type { Lang } from '@tranche/shared/i18n/langs';
import { type OutgoingEmail, sendEmail, sendSms } from '#lib/mailer';
import { portalBaseUrl } from '#lib/portal-url';

/**
 * The identity emails and texts, in the user's language. Codes and links are the only secrets in
 * them; nothing else about the account is said.
 */
type Texts = Record<Lang, (v: Record<string, string>) => { subject: string; text: string }>;

const TEMPLATES = {
  signUpCode: {
    en: (v) => ({
      subject: `${v.code} is your ${v.portal} verification code`,
      text: `Welcome to ${v.portal}.\n\nYour verification code is ${v.code}. It expires in ${v.minutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    }),
    'zh-CN': (v) => ({
      subject: `${v.code} 是您的${v.portal}验证码`,
      text: `欢迎使用${v.portal}。\n\n您的验证码是 ${v.code}，${v.minutes} 分钟内有效。\n\n如果不是您本人注册，请忽略此邮件。`,
    }),
  },
  mfaCode: {
    en: (v) => ({
      subject: `${v.code} is your ${v.portal} sign-in code`,
      text: `Your sign-in code is ${v.code}. It expires in ${v.minutes} minutes and works once.\n\nOr sign in with this link, in the browser where you entered your password:\n${v.link}\n\nIf this was not you, change your password.`,
    }),
    'zh-CN': (v) => ({
      subject: `${v.code} 是您的${v.portal}登录验证码`,
      text: `您的登录验证码是 ${v.code}，${v.minutes} 分钟内有效，仅可使用一次。\n\n也可以在您输入密码的浏览器中打开以下链接登录：\n${v.link}\n\n如果不是您本人操作，请修改密码。`,
    }),
  },
  mfaSms: {
    en: (v) => ({
      subject: 'SMS',
      text: `${v.code} is your ${v.portal} sign-in code. It expires in ${v.minutes} minutes.`,
    }),
    'zh-CN': (v) => ({ subject: 'SMS', text: `${v.code} 是您的${v.portal}登录验证码，${v.minutes} 分钟内有效。` }),
  },
  phoneCode: {
    en: (v) => ({
      subject: 'SMS',
      text: `${v.code} is your ${v.portal} code to confirm this phone number. It expires in ${v.minutes} minutes.`,
    }),
    'zh-CN': (v) => ({
      subject: 'SMS',
      text: `${v.code} 是您用于确认此手机号码的${v.portal}验证码，${v.minutes} 分钟内有效。`,
    }),
  },
  resetPassword: {
    en: (v) => ({
      subject: `Reset your ${v.portal} password`,
      text: `Open this link to choose a new password:\n${v.link}\n\nThen enter this code: ${v.code}\n\nThe link expires in ${v.minutes} minutes and works once. If you did not ask for this, ignore this email: your password stays as it is.`,
    }),
    'zh-CN': (v) => ({
      subject: `重置您的${v.portal}密码`,
      text: `请打开以下链接设置新密码：\n${v.link}\n\n然后输入验证码：${v.code}\n\n链接 ${v.minutes} 分钟内有效，仅可使用一次。如果不是您本人操作，请忽略此邮件，您的密码不会改变。`,
    }),
  },
  passwordChanged: {
    en: (v) => ({
      subject: `Your ${v.portal} password was changed`,
      text: `The password of your ${v.portal} account was changed at ${v.at} (UTC) and every other session was signed out.\n\nIf this was not you, reset your password now and contact your account manager.`,
    }),
    'zh-CN': (v) => ({
      subject: `您的${v.portal}密码已修改`,
      text: `您的${v.portal}账户密码已于 ${v.at}（UTC）修改，其他所有会话均已退出。\n\n如果不是您本人操作，请立即重置密码并联系您的客户经理。`,
    }),
  },
  invitation: {
    en: (v) => ({
      subject: `You are invited to ${v.portal}`,
      text: `${v.inviter} invited you to ${v.portal}.\n\nActivate your account and choose a password here:\n${v.link}\n\nThe link expires in ${v.hours} hours.`,
    }),
    'zh-CN': (v) => ({
      subject: `邀请您加入${v.portal}`,
      text: `${v.inviter} 邀请您加入${v.portal}。\n\n请通过以下链接激活账户并设置密码：\n${v.link}\n\n链接 ${v.hours} 小时内有效。`,
    }),
  },
  // A tenant's first owner, invited by the platform operator when the tenant was created: no inviter to name.
  ownerInvitation: {
    en: (v) => ({
      subject: `Your ${v.portal} portal is ready`,
      text: `${v.portal} has been set up on Tranche, and you are its owner.\n\nActivate your account and choose a password here:\n${v.link}\n\nThe link expires in ${v.hours} hours. Once signed in, you can invite your team and configure the portal.`,
    }),
    'zh-CN': (v) => ({
      subject: `您的${v.portal}门户已就绪`,
      text: `${v.portal}已在 Tranche 上开通，您是该门户的所有者。\n\n请通过以下链接激活账户并设置密码：\n${v.link}\n\n链接 ${v.hours} 小时内有效。登录后，您可以邀请团队成员并配置门户。`,
    }),
  },
  // Lock alerts (docs/identity.md "Lock alert"): once per lock, never saying why beyond what the user needs.
  accountLocked: {
    en: (v) => ({
      subject: `Your ${v.portal} account is locked`,
      text: `After ${v.attempts} failed sign-in attempts, your ${v.portal} account was locked at ${v.at} (UTC) until ${v.until} (UTC). You can sign in again after that time.\n\nIf these attempts were not yours, reset your password now; this also lifts the lock:\n${v.link}`,
    }),
    'zh-CN': (v) => ({
      subject: `您的${v.portal}账户已被锁定`,
      text: `由于连续 ${v.attempts} 次登录失败，您的${v.portal}账户已于 ${v.at}（UTC）被锁定，直至 ${v.until}（UTC）。届时您可以再次登录。\n\n如果这些尝试不是您本人所为，请立即重置密码，这也会解除锁定：\n${v.link}`,
    }),
  },
  accountFrozen: {
    en: (v) => ({
      subject: `Your ${v.portal} account is locked`,
      text: `After ${v.attempts} failed sign-in attempts, your ${v.portal} account was locked at ${v.at} (UTC). It stays locked until your account manager unlocks it or you reset your password:\n${v.link}`,
    }),
    'zh-CN': (v) => ({
      subject: `您的${v.portal}账户已被锁定`,
      text: `由于连续 ${v.attempts} 次登录失败，您的${v.portal}账户已于 ${v.at}（UTC）被锁定。在您的客户经理解锁或您重置密码之前，账户将保持锁定：\n${v.link}`,
    }),
  },
  // Product news (functions/src/events/product-news.ts): only to investors who keep it on.
  productPublished: {
    en: (v) => ({
      subject: `New at ${v.portal}: ${v.product}`,
      text: `${v.product} is now available on ${v.portal}.\n\nSee the fund:\n${v.link}\n\nYou receive this because "Product news" is on in your email preferences; you can turn it off under Account.`,
    }),
    'zh-CN': (v) => ({
      subject: `${v.portal}新产品：${v.product}`,
      text: `${v.product} 现已在${v.portal}上线。\n\n查看产品：\n${v.link}\n\n您收到此邮件，是因为您在邮件偏好中开启了“产品动态”；可在“账户”中关闭。`,
    }),
  },
  // A new version of a policy investors already had (functions/src/events/policy-notice.ts).
  policyUpdated: {
    en: (v) => ({
      subject: `${v.portal} has updated its ${v.policy}`,
      text: `${v.portal} has published a new version of its ${v.policy}. Please read it:\n${v.link}`,
    }),
    'zh-CN': (v) => ({
      subject: `${v.portal}已更新《${v.policy}》`,
      text: `${v.portal}已发布《${v.policy}》的新版本，请阅读：\n${v.link}`,
    }),
  },
  accountLockedByAdmin: {
    en: (v) => ({
      subject: `Your ${v.portal} account is locked`,
      text: `An administrator of ${v.portal} locked your account at ${v.at} (UTC). You cannot sign in until it is unlocked; every session was signed out.\n\nPlease contact your account manager to proceed.`,
    }),
    'zh-CN': (v) => ({
      subject: `您的${v.portal}账户已被锁定`,
      text: `${v.portal}的管理员已于 ${v.at}（UTC）锁定您的账户。解锁前您无法登录，所有会话均已退出。\n\n请联系您的客户经理处理。`,
    }),
  },
} satisfies Record<string, Texts>;

export type Template = keyof typeof TEMPLATES;

export const render = (
  template: Template,
  lang: Lang,
  values: Record<string, string>,
): { subject: string; text: string } => TEMPLATES[template][lang](values);

export const notify = (to: string, template: Template, lang: Lang, values: Record<string, string>): Promise<void> => {
  const email: OutgoingEmail = { to, ...render(template, lang, values) };
  return sendEmail(email);
};

export const text = (phone: string, template: Template, lang: Lang, values: Record<string, string>): Promise<void> =>
  sendSms(phone, render(template, lang, values).text);

/**
 * Links go to the portal's own address, from configuration (PORTAL_BASE_URL), under the tenant
 * prefix: never from the request's Host header, which a caller could forge to have reset links
 * point at their own site.
 */
export const portalLink = async (
  tenantPrefix: string,
  path: string,
  params: Record<string, string>,
): Promise<string> => {
  const base = portalBaseUrl();
  const url = new URL(`${base.replace(/\/$/, '')}/t/${tenantPrefix}${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};
