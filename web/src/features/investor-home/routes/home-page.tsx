import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isGp } from '@tranche/shared/auth/roles';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticePanel } from '@/components/notice-panel';
import { InterestSection, InvestmentsSection } from '@/features/investor-home/components/coming-sections';
import { NextSteps, stepsFor } from '@/features/investor-home/components/next-steps';
import { SavedFunds } from '@/features/investor-home/components/saved-funds';
import { TasksSection } from '@/features/investor-home/components/tasks-section';
import { useInvestorHomeLocales } from '@/features/investor-home/locales';
import { useProfiles } from '@/features/profiles';
import { SignedIn } from '@/features/session/signed-in';
import { useTenant } from '@/features/tenant';
import { useWatchlist } from '@/features/watchlist';
import classes from './home-page.module.css';

/**
 * /home: where an investor lands after signing in. A welcome with the first steps, the funds they
 * follow, and the places their tasks, interest and investments will fill as those arrive; every
 * empty section says what it will hold.
 */
const HomePage = () => {
  useInvestorHomeLocales();
  const { t } = useTranslation();
  const tenant = useTenant();
  useDocumentTitle(`${t('investorHome.title')} · ${tenant.branding.displayName}`);

  return (
    <SignedIn loadingLabel={t('investorHome.loading')}>
      {(user) =>
        isGp(user.role) ? (
          <Container size="sm" py="xl">
            <NoticePanel
              title={t('investorHome.notInvestorTitle')}
              headingOrder={1}
              action={
                <Button component={Link} to="/gp">
                  {t('investorHome.openConsole')}
                </Button>
              }
            >
              {t('investorHome.notInvestorBody')}
            </NoticePanel>
          </Container>
        ) : (
          <InvestorHome user={user} />
        )
      }
    </SignedIn>
  );
};
export default HomePage;

const InvestorHome = ({ user }: { user: CurrentUser }) => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const watchlist = useWatchlist();
  const profiles = useProfiles();
  const portal = tenant.branding.displayName;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('investorHome.welcome', { name: user.displayName })}</Title>
          <Text c="dimmed" maw={720}>
            {t('investorHome.welcomeIntro', { portal })}
          </Text>
        </Stack>
        <div className={classes.layout}>
          <div className={classes.steps}>
            <NextSteps
              steps={stepsFor(
                user,
                watchlist.data?.items.length ?? 0,
                (profiles.data?.items ?? []).some((p) => p.state !== 'DRAFT'),
              )}
            />
          </div>
          <div className={classes.side}>
            <div className={classes.tasks}>
              <TasksSection />
            </div>
            <div className={classes.investments}>
              <InvestmentsSection />
            </div>
          </div>
          <div className={classes.watchlist}>
            <SavedFunds />
          </div>
          <div className={classes.interest}>
            <InterestSection />
          </div>
        </div>
      </Stack>
    </Container>
  );
};
