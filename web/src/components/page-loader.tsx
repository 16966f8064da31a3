import { PageSkeleton } from './page-skeleton';

/**
 * A whole-area loading state that screen readers announce once: a page-shaped skeleton (title,
 * introduction, content), so the page keeps its layout while it loads. Pages with a known shape
 * use the skeletons of page-skeleton.tsx instead.
 */
export const PageLoader = ({ label }: { label: string }) => <PageSkeleton label={label} />;
