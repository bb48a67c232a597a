/** The tickets feature's public entry: what other features (the staff's screens) may import. */
export { AttachmentsInput, useAttachmentCheck } from './AttachmentsInput';
export { ticketForm } from './api/create-ticket';
export { AGE_LABELS, CATEGORY_LABELS, formatDuration, STAFF_STATUS_LABELS, STAFF_STEP_LABELS, STATUS_TONES } from './ticket-labels';
export { TicketThread } from './TicketThread';
export { TicketTimeline } from './TicketTimeline';
