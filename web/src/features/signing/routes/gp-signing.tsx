import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useSigningLocales } from '@/features/signing/locales';
import { ProjectPage } from './project-page';
import { ProjectsPage } from './projects-page';

/** The console's signing screens (loaded on demand with its "Signing" section; pdf.js only inside). */
const GpSigning = () => {
  useSigningLocales();
  return (
    <Routes>
      <Route index element={<ProjectsPage />} />
      <Route path=":projectId" element={<ProjectPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
};
export default GpSigning;
