import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useInboxLocales } from '@/features/inbox/locales';
import { InboxPage } from './inbox-page';
import { MessagePage } from './message-page';
import { SignedIn } from './signed-in';

/** The investor's inbox (/inbox) and one message or task (/inbox/:messageId), loaded on demand. */
const InboxRoutes = () => {
  useInboxLocales();
  return (
    <SignedIn>
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
