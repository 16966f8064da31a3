// features/subscriptions' fourth entry: a form element as the investor sees it, for the manager's
// scenario editor preview.
export { FormElementPreview } from './components/element-preview';
