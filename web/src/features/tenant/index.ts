// The public surface of features/tenant: what other features may import (web/README.md, Layout).
export { useLpSettings } from './api/get-lp-settings';
export { TenantLanguageSwitch } from './components/tenant-language-switch';
export { useTenant } from './tenant-context';
