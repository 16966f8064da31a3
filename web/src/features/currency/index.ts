// The public surface of features/currency: what other features may import (web/README.md, Layout).
export type { DisplayConversion } from './components/converted-money';
export { ConversionNote, MoneyWithConversion, useDisplayConversion } from './components/converted-money';
