import type { Messages } from '@/i18n/messages';
import type { bankAccountsEn } from './en';

/** 显示完整账号及其身份再验证对话框的文字。 */
export const bankAccountsZhCN: Messages<typeof bankAccountsEn> = {
  bankAccounts: {
    reveal: '显示完整账号',
    revealNamed: '显示尾号为 {{last4}} 的账户的完整账号',
    hide: '隐藏',
    fullNumber: '完整账号',
    visibleFor: '还将显示 {{minutes}} 分钟，之后自动隐藏。',
    stepUp: {
      title: '确认是您本人',
      intro: '只有在您再次输入密码或身份验证器验证码后，才会显示完整账号，并保持可见 5 分钟。',
      method: '验证方式',
      usePassword: '我的密码',
      useCode: '身份验证器应用',
      password: '密码',
      code: '身份验证器验证码',
      codeHint: '身份验证器应用中的 6 位验证码。',
      submit: '确认',
      cancel: '取消',
    },
  },
};
