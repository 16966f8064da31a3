// features/subscriptions' second entry: the investor home page's list of their subscriptions (its
// strings load with it).
export { RecentSubscriptions } from './components/recent-subscriptions';
