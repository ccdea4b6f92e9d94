// Limits of registrations a preparer makes for clients, in one place.

/** How long the owner's emailed link works; the preparer can send a new one. */
export const REGISTRATION_LINK_DAYS = 14;

/** A preparer may have this many registrations waiting for owners at once. */
export const MAX_WAITING_PER_PREPARER = 50;
