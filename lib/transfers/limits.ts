// Limits of transfer requests, in one place.

/** How long the owner on record's emailed link works; after that the department decides alone. */
export const OWNER_LINK_DAYS = 21;

/** A person may have this many requests waiting at once, so nobody can flood owners with them. */
export const MAX_PENDING_PER_CLAIMANT = 10;
