import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DocumentKind, DocumentStatus } from '../../../contract/verification';
import type { BadgeTone } from '../../ui/StatusBadge';

export const KIND_LABELS: Record<DocumentKind, MessageDescriptor> = {
  identity: msg`Identity document`,
  address: msg`Proof of address`,
};

export const KIND_HINTS: Record<DocumentKind, MessageDescriptor> = {
  identity: msg`Passport, national identity card or driving licence: the page with your photo, all corners visible.`,
  address: msg`A utility bill or bank statement from the last three months showing your name and address.`,
};

export const STATUS_LABELS: Record<DocumentStatus | 'not_submitted', MessageDescriptor> = {
  not_submitted: msg`Not submitted`,
  pending: msg`Pending review`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

export const STATUS_TONES: Record<DocumentStatus | 'not_submitted', BadgeTone> = {
  not_submitted: 'neutral',
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
};

export { formatBytes } from '../../ui/format-bytes';
