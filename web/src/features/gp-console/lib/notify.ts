import type { TFunction } from 'i18next';
import { notifications } from '@/lib/notifications';

/**
 * A console notice (success or failure) whose close button has a name: Mantine's is an unnamed icon
 * button, which screen readers announce as "button" and axe reports as critical.
 */
export const notify = (t: TFunction, notice: { message: string; title?: string; color: 'green' | 'red' }) =>
  notifications.show({ ...notice, closeButtonProps: { 'aria-label': t('gpConsole.dismiss') } });
