import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useGpSubscriptionsLocales } from '@/features/gp-subscriptions/locales';
import { AddManuallyPage } from './add-manually-page';
import { CasePage } from './case-page';
import { QueuePage } from './queue-page';
import { ScenarioEditorPage } from './scenario-editor-page';
import { ScenariosPage } from './scenarios-page';

/** The console's subscription screens (loaded on demand with its "Subscriptions" section). */
const GpSubscriptions = () => {
  useGpSubscriptionsLocales();
  return (
    <Routes>
      <Route index element={<QueuePage />} />
      <Route path="new" element={<AddManuallyPage />} />
      <Route path="scenarios" element={<ScenariosPage />} />
      <Route path="scenarios/:scenarioId" element={<ScenarioEditorPage />} />
      <Route path=":subscriptionId" element={<CasePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
};
export default GpSubscriptions;
