// Server-side notifications API. Pages that only format dates or money import ./format directly.
export { enqueueEmail, normalizeAddress, uniqueRecipients } from './outbox';
export type { EmailRecipient, EnqueueEmailInput } from './outbox';
export { deliverPendingEmails, createTransportFromEnv, kickDelivery, deliveryIdle, retryDelayMs, MAX_ATTEMPTS } from './deliver';
export type { DeliveryOptions, DeliveryResult, MailTransport } from './deliver';
export { listOutbox, getOutboxMessage, maskLinkTokens, OUTBOX_STATUSES } from './queries';
export type { OutboxMessage, OutboxStatus, OutboxSummary } from './queries';
export { formatDate, formatDateTime, formatMoney, formatNumber } from './format';
