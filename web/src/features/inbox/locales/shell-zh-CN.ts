import type { Messages } from '@/i18n/messages';
import type { inboxShellEn } from './shell-en';

/** 门户框架上显示的收件箱文字（菜单项、未读数、横幅）。 */
export const inboxShellZhCN: Messages<typeof inboxShellEn> = {
  inboxNav: {
    label: '收件箱',
    unread_one: '{{count}} 条未读消息',
    unread_other: '{{count}} 条未读消息',
    labelWithUnread_one: '收件箱，{{count}} 条未读消息',
    labelWithUnread_other: '收件箱，{{count}} 条未读消息',
    unreadInName_one: '，{{count}} 条未读消息',
    unreadInName_other: '，{{count}} 条未读消息',
  },
  inboxBanner: {
    region: '需要您处理',
    open: '查看',
    dismiss: '关闭此消息',
    due: '截止日期 {{date}}',
  },
};
