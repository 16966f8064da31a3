// The public surface of features/gp-console: what other features may import (web/README.md, Layout).

export { useGpSettings } from './api/get-gp-settings';
export { AccessNotice, isAccessError } from './components/access-notice';
export { GP_INVESTORS_PATH, gpInvestorPath } from './paths';
