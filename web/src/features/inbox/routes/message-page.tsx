import { Container, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { useInboxMessage } from '@/features/inbox/api/get-message';
import { MessageDetail } from '@/features/inbox/components/message-detail';
import { useTenant } from '@/features/tenant';
import { isApiError } from '@/lib/api-error';

/** /inbox/:messageId: one message or task of the signed-in user; someone else's is "not found". */
export const MessagePage = ({ user }: { user: CurrentUser }) => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const { messageId } = useParams();
  const { data: message, error, isLoading, mutate } = useInboxMessage(messageId);
  useDocumentTitle(`${message?.title ?? t('inbox.title')} · ${tenant.branding.displayName}`);

  let content: React.ReactNode;
  if (isApiError(error) && error.status === 404)
    content = (
      <NotFoundPanel title={t('inbox.notFoundTitle')} backTo="/inbox" backLabel={t('inbox.backToInbox')}>
        {t('inbox.notFoundBody')}
      </NotFoundPanel>
    );
  else if (error) content = <LoadError error={error} onRetry={() => void mutate()} />;
  else if (isLoading || !message)
    content = (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('inbox.loadingOne')}>
        <Skeleton h={18} w={200} />
        <Skeleton h={32} w="70%" />
        <Skeleton h={220} radius="md" />
      </Stack>
    );
  else content = <MessageDetail message={message} isInvestor={user.role === 'LP'} />;

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <BackLink to="/inbox">{t('inbox.backToInbox')}</BackLink>
        {content}
      </Stack>
    </Container>
  );
};
