import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useGpKycLocales } from '@/features/gp-kyc/locales';
import { KycCasePage } from './kyc-case-page';
import { KycQueuePage } from './kyc-queue-page';

/** The console's KYC screens (loaded on demand with the console's "KYC review" section). */
const GpKyc = () => {
  useGpKycLocales();
  return (
    <Routes>
      <Route index element={<KycQueuePage />} />
      <Route path=":caseId" element={<KycCasePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
};
export default GpKyc;
