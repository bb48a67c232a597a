/** The verification feature's public entry: what other features may import (eslint.config.js). */
export { approveDocument } from './api/approve-document';
export { documentFileQuery, fetchDocumentFile } from './api/fetch-document-file';
export { fetchVerificationQueue, verificationQueueQuery } from './api/fetch-verification-queue';
export { rejectDocument } from './api/reject-document';
export { reviewDocument } from './api/review-document';
export { formatBytes, KIND_LABELS, STATUS_LABELS, STATUS_TONES } from './document-labels';
export { EmailVerification } from './EmailVerification';
export { IdentityVerification } from './IdentityVerification';
