import type { Messages } from '@/i18n/messages';
import type { watchlistShellEn } from './shell-en';

export const watchlistShellZhCN: Messages<typeof watchlistShellEn> = {
  watchlist: {
    save: '加入关注列表',
    saved: '已在关注列表中',
    saveNamed: '将“{{name}}”加入关注列表',
    removeNamed: '将“{{name}}”移出关注列表',
    saveButton: '加入关注列表',
    savedButton: '已加入关注列表',
  },
};
