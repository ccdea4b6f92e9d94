import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

// The department's six field offices (domain facts: Manchester, Mason City, Spencer, Atlantic,
// Windsor Heights, Washington). Each office's contact is data an administrator keeps; decision
// letters print the contact of the office that serves the operation's county.
export const fieldOffices = pgTable('field_offices', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  city: text('city').notNull(),
  /** The office's address for questions: the Reply-To of mail about an operation in its counties. */
  email: text('email'),
  // Street address, one line per line of the envelope (city, state and ZIP last).
  mailingAddress: text('mailing_address'),
  phone: text('phone'),
});

// Iowa's 99 counties keyed by their FIPS code ('19001'..'19197').
export const counties = pgTable(
  'counties',
  {
    fips: text('fips').primaryKey(),
    name: text('name').notNull().unique(),
    fieldOfficeId: integer('field_office_id')
      .notNull()
      .references(() => fieldOffices.id),
  },
  (t) => [index('counties_field_office_idx').on(t.fieldOfficeId)],
);
