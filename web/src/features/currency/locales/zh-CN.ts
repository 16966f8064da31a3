import type { Messages } from '@/i18n/messages';
import type { currencyEn } from './en';

export const currencyZhCN: Messages<typeof currencyEn> = {
  conversion: {
    approx: '≈ {{amount}}',
    note: '≈ 之后的金额以{{currency}}显示，按 {{date}} 的汇率折算：仅供参考，仅用于显示。投资以基金本身的币种进行。',
  },
};
