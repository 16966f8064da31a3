// First: before any module builds a zod schema.
import './lib/zod-config';
import './app/mantine-styles';
import './app/global.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstScreen } from './app/preload';
import { createI18n, currentLang } from './i18n';
import { configureApi } from './lib/api';
import { claimEarlyResponses, dropEarlyResponses } from './lib/early-responses';
import { resolvePortalLocation } from './lib/portal-location';
import { createClientStorage } from './lib/storage';

const portal = resolvePortalLocation(window.location);
const storage = createClientStorage(portal.namespace);
const i18n = createI18n(storage.get('deviceLanguage'));
configureApi({ tenantPrefix: portal.prefix, getLanguage: () => currentLang(i18n) });
claimEarlyResponses();
const firstScreen = preloadFirstScreen(window.location.pathname.slice(portal.basename.length) || '/', storage);
// What index.html's early script asked for and the first screen did not take is never used later.
void firstScreen.finally(dropEarlyResponses);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// As a transition, React renders the first screen in ~5 ms slices instead of one long task, so the
// browser can paint and answer input between them (Lighthouse's Total Blocking Time, issue 9).
startTransition(() => {
  createRoot(root).render(<App i18n={i18n} storage={storage} basename={portal.basename} firstScreen={firstScreen} />);
});
