// features/money-lp's second entry: the investor home page's investment figures (its strings load with it).
export { InvestmentsOverview } from './components/investments-overview';
