/** The partner program's public entry: what other features (the staff's screens) may import. */
export { APPLICATION_EVENT_LABELS, APPLICATION_STATE_LABELS, APPLICATION_STATE_TONES, FLAG_REASON_LABELS, FLAG_STATE_LABELS, INSTRUMENT_GROUP_LABELS } from './investor-labels';
export { bpsToPercent, formatCount } from './investor-format';
export { PlanRates } from './PlanSummary';
