import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { AmendPage } from './amend-page';
import { SubscriptionPage } from './subscription-page';
import { SubscriptionsPage } from './subscriptions-page';

/** The investor's subscriptions (loaded on demand): the list, and one subscription with its runner. */
const SubscriptionsRoutes = () => {
  useSubscriptionsLocales();
  return (
    <Routes>
      <Route index element={<SubscriptionsPage />} />
      <Route path=":subscriptionId" element={<SubscriptionPage />} />
      {/* The SUBSCRIPTION_CHANGES_REQUIRED task links here too (inbox catalogue): amending is the answer. */}
      <Route path=":subscriptionId/amend" element={<AmendPage />} />
      {/* The documents tasks (additional, mandatory) link here: the subscription's page takes the uploads. */}
      <Route path=":subscriptionId/documents" element={<SubscriptionPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
};
export default SubscriptionsRoutes;
