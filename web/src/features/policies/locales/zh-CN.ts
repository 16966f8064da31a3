import type { Messages } from '@/i18n/messages';
import type { policiesEn } from './en';

export const policiesZhCN: Messages<typeof policiesEn> = {
  policies: {
    title: '政策',
    intro: '适用于本门户及您的投资的声明与条款。',
    search: '搜索政策',
    searchPlaceholder: '关键词或短语',
    loading: '正在加载政策…',
    count_one: '{{count}} 项政策',
    count_other: '{{count}} 项政策',
    emptyTitle: '暂无政策',
    emptyBody: '本门户尚未发布任何政策。',
    noMatchesTitle: '没有匹配的政策',
    noMatchesBody: '没有包含“{{q}}”的政策，请尝试其他关键词。',
    clearSearch: '清除搜索',
    version: '第 {{version}} 版',
    effective: '{{date}} 起生效',
    details: '政策信息',
    backToPolicies: '全部政策',
    notFoundTitle: '未找到该政策',
    notFoundBody: '该政策不存在或已不再发布。',
    englishOnly: '该政策仅提供英文版本。',
    requiresAcceptance: '投资者注册时须接受本政策。',
  },
  policyKind: {
    PRIVACY: '隐私',
    TERMS: '条款',
    RISK_DISCLOSURE: '风险披露',
    COOKIES: 'Cookie',
    COMPLAINTS: '投诉',
    OTHER: '其他',
  },
};
