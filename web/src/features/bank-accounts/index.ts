/** The bank-account screens' public surface (issue 11, wire-instruction integrity). */
export { RevealAccountNumber, StepUpDialog } from './components/reveal-account-number';
