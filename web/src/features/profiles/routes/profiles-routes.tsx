import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { ProfileDocumentsPage } from '@/features/documents';
import { useProfilesLocales } from '@/features/profiles/locales';
import { SignedIn } from '@/features/session/signed-in';
import { ProfileWizardPage } from './profile-wizard-page';
import { ProfilesPage } from './profiles-page';

/** The investor's profiles (/profiles) and one profile's wizard (/profiles/:profileId), loaded on demand. */
const ProfilesRoutes = () => {
  useProfilesLocales();
  const { t } = useTranslation();
  return (
    <SignedIn
      loadingLabel={t('profiles.loading')}
      signInTitle={t('profiles.signInTitle')}
      signInBody={t('profiles.signInBody')}
    >
      {() => (
        <Routes>
          <Route index element={<ProfilesPage />} />
          <Route path=":profileId" element={<ProfileWizardPage />} />
          {/* The documents-requested task's path (KYC_DOCUMENTS_REQUIRED): upload, checks and the list. */}
          <Route path=":profileId/documents" element={<ProfileDocumentsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      )}
    </SignedIn>
  );
};
export default ProfilesRoutes;
