import { useTranslation } from 'react-i18next';
import { matchPath } from 'react-router';
import { FundPageSkeleton, LandingSkeleton, PageSkeleton, ShellSkeleton } from '@/components/page-skeleton';

/**
 * What the first screen shows while the tenant loads (it decides the branding, the header and the
 * language): the portal's header bar and the skeleton of the page asked for, so the frame is there
 * at once and the page fills in where its skeleton stood. `pathname` is below the router basename.
 */
export const AppSkeleton = ({ pathname }: { pathname: string }) => {
  const { t } = useTranslation();
  // The manager console has a frame of its own; a plain page skeleton stands in for it.
  if (matchPath('/gp/*', pathname)) return <PageSkeleton label={t('app.loading')} />;
  let page = <PageSkeleton label={t('app.loading')} />;
  if (pathname === '/' || pathname === '')
    page = (
      <LandingSkeleton
        label={t('landing.loadingFunds')}
        heading={t('landing.fundsHeading')}
        intro={t('landing.fundsIntro')}
      />
    );
  else if (matchPath('/products/:productId', pathname)) page = <FundPageSkeleton label={t('product.loading')} />;
  return <ShellSkeleton>{page}</ShellSkeleton>;
};
