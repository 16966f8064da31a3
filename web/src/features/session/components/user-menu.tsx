import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { isGp } from '@tranche/shared/auth/roles';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOutAndLeave } from '@/features/session/api/sign-out';
import { accountPathOf } from '@/features/session/lib/return-path';
import { errorText, useLang } from '@/i18n/use-lang';
import { notifications } from '@/lib/notifications';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase())
    .join('') || '?';

/** The signed-in user's menu in the portal header: account, the console for the team, sign out. */
const UserMenu = ({ user }: { user: CurrentUser }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const signOutAndLeave = useSignOutAndLeave();

  const onSignOut = async () => {
    try {
      await signOutAndLeave();
      notifications.show({ message: t('session.signedOut'), color: 'green' });
    } catch (error) {
      notifications.show({ title: t('session.signOutFailed'), message: errorText(error, lang, t), color: 'red' });
    }
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        {/* Named by its content, the visible name included, so speech input can say it (WCAG 2.5.3). */}
        <UnstyledButton style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} color="brand" variant="filled" radius="xl" aria-hidden>
              {initialsOf(user.displayName)}
            </Avatar>
            <Text size="sm" fw={500} maw={160} truncate="end" visibleFrom="md" aria-hidden>
              {user.displayName}
            </Text>
            <VisuallyHidden>{t('session.userMenu', { name: user.displayName })}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to={accountPathOf(user.role)}>
          {t('session.account')}
        </Menu.Item>
        {isGp(user.role) && (
          <Menu.Item component={Link} to="/gp">
            {t('nav.gpConsole')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => void onSignOut()}>{t('session.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
export default UserMenu;
