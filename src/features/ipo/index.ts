/** The IPO feature's public entry: home's IPO holdings and the labels staff's screens share (with their styles). */
import './ipo.css';
export { IpoHoldings } from './IpoHoldings';
export { holdingsQuery } from './api/fetch-holdings';
export { ipoKeys } from './api/fetch-offerings';
export { APPLICATION_STATUS_LABELS, APPLICATION_STATUS_TONES, OFFERING_STATE_LABELS, OFFERING_STATE_TONES, STAFF_STEP_LABELS } from './ipo-labels';
export { localDate, localTime, offeringMoney, priceRange, shareCount } from './ipo-format';
