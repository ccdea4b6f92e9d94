// Server-side notifications API. Dates and money are formatted by @/lib/format.
export { enqueueEmail, normalizeAddress, uniqueRecipients } from './outbox';
export type { EmailRecipient, EnqueueEmailInput } from './outbox';
export { deliverPendingEmails, createTransportFromEnv, kickDelivery, deliveryIdle, retryDelayMs, MAX_ATTEMPTS } from './deliver';
export type { DeliveryOptions, DeliveryResult, MailTransport } from './deliver';
export { listOutbox, getOutboxMessage, maskMailSecrets, OUTBOX_STATUSES } from './queries';
export type { OutboxMessage, OutboxStatus, OutboxSummary } from './queries';
