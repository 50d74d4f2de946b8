/**
 * The support contacts of /safer-gambling: one content file the operator edits
 * (content/support-contacts.json), validated here with zod. A wrong file fails its test and the
 * build's type check rather than showing a broken number to someone asking for help.
 */
import { z } from 'zod/mini';
import raw from '@/features/legal/content/support-contacts.json';

const text = z.string().check(z.trim(), z.minLength(1, { error: 'must not be empty' }));
const phone = z.nullable(
  z
    .string()
    .check(z.regex(/^\+?\d[\d ]{6,19}$/, { error: 'must be a phone number such as +234 800 000 0000 (digits and spaces)' })),
);
const website = z.nullable(z.url({ protocol: /^https$/, error: 'must be an https:// address' }));
const email = z.nullable(z.email({ error: 'must be an email address' }));

const organisationSchema = z
  .strictObject({
    name: text,
    description: text,
    website,
    phone,
    email,
  })
  .check(
    z.refine((o) => o.website !== null || o.phone !== null || o.email !== null, {
      error: 'needs at least one of website, phone, email',
    }),
  );

/** An entry the operator still has to fill; never shown. */
const placeholderSchema = z.strictObject({ placeholder: z.literal(true), note: text });

export const supportContactsSchema = z.strictObject({
  $comment: z.optional(z.string()),
  operator: z.strictObject({
    name: text,
    phone,
    /** International format without '+'; null uses the support WhatsApp of the web configuration. */
    whatsapp: z.nullable(
      z.string().check(z.regex(/^\d{8,15}$/, { error: 'must be digits only, international format without +' })),
    ),
    email,
    hours: z.nullable(text),
  }),
  /** The national emergency number, for anyone at risk of harm. */
  emergencyNumber: z.string().check(z.regex(/^\d{3,4}$/, { error: 'must be a short emergency number such as 112' })),
  organisations: z.array(z.union([placeholderSchema, organisationSchema])),
});

export type SupportContacts = z.output<typeof supportContactsSchema>;
export type Organisation = z.output<typeof organisationSchema>;

export class SupportContactsError extends Error {
  override readonly name = 'SupportContactsError';
}

/** Parses a support-contacts file; throws naming every bad field. */
export function parseSupportContacts(value: unknown): SupportContacts {
  const result = supportContactsSchema.safeParse(value);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`);
  throw new SupportContactsError(`Invalid content/support-contacts.json:\n${lines.join('\n')}`);
}

/** The organisations to show: placeholders left out. */
export function shownOrganisations(contacts: SupportContacts): Organisation[] {
  return contacts.organisations.filter((o): o is Organisation => !('placeholder' in o));
}

/** How many placeholders are still to be filled (the operator's to-do). */
export function unfilledPlaceholders(contacts: SupportContacts): string[] {
  return contacts.organisations.flatMap((o) => ('placeholder' in o ? [o.note] : []));
}

export const supportContacts: SupportContacts = parseSupportContacts(raw);
