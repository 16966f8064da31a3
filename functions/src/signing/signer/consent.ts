import type { Lang } from '@tranche/shared/i18n/langs';

/**
 * The consent to sign electronically a signer gives before signing (ESIGN/eIDAS-style intent: they
 * agree to use electronic records and signatures for this project). Stored with its version, the
 * time, the IP and the user agent; a change of wording is a new version, so each stored consent
 * still says what was agreed to.
 */
export const CONSENT_TEXT_VERSION = '2026-11-1';

const TEXTS: Record<Lang, string> = {
  en: 'I agree to sign these documents electronically. My electronic signature is as binding as my handwritten one, and I agree to receive the signed documents and notices about them electronically. I can decline to sign instead.',
  'zh-CN':
    '我同意以电子方式签署这些文件。我的电子签名与手写签名具有同等约束力，我同意以电子方式接收已签署的文件及相关通知。我也可以选择拒绝签署。',
};

export const consentText = (lang: Lang): { version: string; text: string } => ({
  version: CONSENT_TEXT_VERSION,
  text: TEXTS[lang],
});
