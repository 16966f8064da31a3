import type { NotificationData } from '@mantine/notifications';

/**
 * Toasts. Mantine's notifications store comes in one module with its container and transitions
 * (10 KB gzipped, and the portal and scroll-lock code after them), so a static import of it put
 * all that on the path of every page that can show a toast, the fund page's first paint included
 * (Lighthouse's LCP, issue 9). Here the package loads on the first toast; the container mounts
 * late anyway (tenant-boundary.tsx `LateNotifications`), and toasts keep the order they were shown in.
 */
export const notifications = {
  show: (data: NotificationData): void => {
    void import('@mantine/notifications').then((mantine) => mantine.notifications.show(data));
  },
};
