import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NoticePanel } from '@/components/notice-panel';
import { signInPath } from '@/features/session';
import { isApiError } from '@/lib/api-error';

/** 401 and 403 mean the same on every console page: sign in, or this is not for you. */
export const isAccessError = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

interface AccessNoticeProps {
  error: unknown;
  /** Where signing in comes back to; this page by default. */
  returnTo?: string;
  /** Whether a 401 offers a "Sign in" button next to "To the portal". */
  offerSignIn?: boolean;
}

/** A console page the user may not see: sign in (401), or this is not for you (403). */
export const AccessNotice = ({ error, returnTo, offerSignIn = true }: AccessNoticeProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const which = isApiError(error) && error.status === 401 ? 'signInRequired' : 'noAccess';
  return (
    <Stack maw={640} mx="auto" mt="xl">
      <NoticePanel
        title={t(`gp.${which}Title`)}
        headingOrder={1}
        role="alert"
        action={
          <Group justify="center">
            {offerSignIn && which === 'signInRequired' && (
              <Button component={Link} to={signInPath(returnTo ?? pathname)}>
                {t('session.signIn')}
              </Button>
            )}
            <Button component={Link} to="/" variant="light">
              {t('gp.toPortal')}
            </Button>
          </Group>
        }
      >
        {t(`gp.${which}Body`)}
      </NoticePanel>
    </Stack>
  );
};
