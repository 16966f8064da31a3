import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { GpShell } from '../components/gp-shell';
import { GpHome } from './gp-home';

/** The manager console, loaded on demand (React.lazy) so investors never download it. */
const GpConsole = () => (
  <GpShell>
    <Routes>
      <Route index element={<GpHome />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  </GpShell>
);
export default GpConsole;
