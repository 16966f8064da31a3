import { Button, Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticePanel } from './notice-panel';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('app.notFoundTitle'));
  return (
    <Container size="sm" py="xl">
      <NoticePanel
        title={t('app.notFoundTitle')}
        headingOrder={1}
        action={
          <Button component={Link} to="/">
            {t('app.backToFunds')}
          </Button>
        }
      >
        {t('app.notFoundBody')}
      </NoticePanel>
    </Container>
  );
};
