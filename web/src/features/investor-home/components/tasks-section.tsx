import { useTranslation } from 'react-i18next';
import { OpenTasks } from '@/features/inbox/home';
import { useTenant } from '@/features/tenant';
import { EmptyState, HomeSection } from './home-section';

/**
 * The investor's open tasks (the inbox's list, issue 10) under this section's heading, so the page's
 * outline stays the same; with none, it says what will appear.
 */
export const TasksSection = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  return (
    <HomeSection title={t('investorHome.tasksHeading')}>
      <OpenTasks
        empty={
          <EmptyState title={t('investorHome.tasksEmptyTitle')}>
            {t('investorHome.tasksEmptyBody', { portal: tenant.branding.displayName })}
          </EmptyState>
        }
      />
    </HomeSection>
  );
};
