import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useInboxLocales } from '@/features/inbox/locales';
import { SignedIn } from '@/features/session/signed-in';
import { InboxPage } from './inbox-page';
import { MessagePage } from './message-page';

/** The investor's inbox (/inbox) and one message or task (/inbox/:messageId), loaded on demand. */
const InboxRoutes = () => {
  useInboxLocales();
  const { t } = useTranslation();
  return (
    <SignedIn loadingLabel={t('inbox.loading')} signInTitle={t('inbox.signInTitle')} signInBody={t('inbox.signInBody')}>
      {(user) => (
        <Routes>
          <Route index element={<InboxPage />} />
          <Route path=":messageId" element={<MessagePage user={user} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      )}
    </SignedIn>
  );
};
export default InboxRoutes;
