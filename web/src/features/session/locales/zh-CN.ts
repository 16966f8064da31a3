import type { Messages } from '@/i18n/messages';
import type { sessionEn } from './en';

export const sessionZhCN: Messages<typeof sessionEn> = {
  session: {
    signIn: '登录',
    signUp: '注册',
    signOut: '退出登录',
    account: '账户',
    userMenu: '{{name}}的账户菜单',
    signedOut: '您已退出登录。',
    signOutFailed: '退出登录失败',
    signInRequiredTitle: '需要登录',
    signInRequiredBody: '请登录后查看此页面。',
    email: '邮箱',
    password: '密码',
    showPassword: '显示密码',
    newPassword: '新密码',
    code: '验证码',
    codeHint: '六位数字',
    passwordRules: '密码规则',
    passwordRuleLength: '至少 {{min}} 个字符',
    passwordRuleCommon: '不能是常见或容易猜到的密码，也不能包含您的邮箱（提交时检查）',
    passwordRuleMet: '已满足',
    passwordRuleNotMet: '尚未满足',
    passwordTooShort: '请至少使用 {{min}} 个字符。',
    codeFormat: '请输入六位数字。',
    retryInMinutes_one: '请在 {{count}} 分钟后重试。',
    retryInMinutes_other: '请在 {{count}} 分钟后重试。',
    mfaMethod: {
      authenticator: '身份验证器应用',
      email: '邮箱',
      sms: '短信',
    },
  },
};
