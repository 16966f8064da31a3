// features/subscriptions' third entry: a subscription's status badge, for the manager's screens.
export { SubscriptionStatusBadge } from './components/status-badge';
