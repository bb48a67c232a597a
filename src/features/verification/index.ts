/** The verification feature's public entry: what other features may import (eslint.config.js). */
export { approveDocument, fetchDocumentFile, fetchVerificationQueue, rejectDocument } from './api/verification';
export { formatBytes, KIND_LABELS, STATUS_LABELS, STATUS_TONES } from './document-labels';
export { EmailVerification } from './EmailVerification';
export { IdentityVerification } from './IdentityVerification';
