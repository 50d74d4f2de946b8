import { describe, expect, it } from 'vitest';
import raw from '@/features/legal/content/support-contacts.json';
import {
  parseSupportContacts,
  shownOrganisations,
  supportContacts,
  unfilledPlaceholders,
  type SupportContacts,
} from '@/features/legal/support-contacts';

const valid: SupportContacts = {
  operator: {
    name: 'Punter support',
    phone: '+234 700 000 0000',
    whatsapp: '2347000000000',
    email: 'help@punter.test',
    hours: null,
  },
  emergencyNumber: '112',
  organisations: [
    { name: 'Helpers', description: 'Free help.', website: 'https://help.example', phone: null, email: null },
    { placeholder: true, note: 'Add a Nigerian organisation.' },
  ],
};

describe('support contacts content file', () => {
  it('the shipped file is valid, and its organisation placeholders are not shown', () => {
    expect(parseSupportContacts(raw)).toEqual(supportContacts);
    expect(shownOrganisations(supportContacts).every((o) => o.name.length > 0)).toBe(true);
    expect(shownOrganisations(supportContacts)).toHaveLength(
      supportContacts.organisations.length - unfilledPlaceholders(supportContacts).length,
    );
  });

  it('shows filled organisations and lists the placeholders still to fill', () => {
    const contacts = parseSupportContacts(valid);
    expect(shownOrganisations(contacts).map((o) => o.name)).toEqual(['Helpers']);
    expect(unfilledPlaceholders(contacts)).toEqual(['Add a Nigerian organisation.']);
  });

  it.each([
    [
      'a phone with letters',
      { ...valid, operator: { ...valid.operator, phone: '0800-HELP' } },
      'operator.phone: must be a phone number',
    ],
    [
      'a WhatsApp number with +',
      { ...valid, operator: { ...valid.operator, whatsapp: '+2347000000000' } },
      'operator.whatsapp: must be digits only',
    ],
    [
      'a plain http website',
      { ...valid, organisations: [{ ...valid.organisations[0], website: 'http://help.example' }] },
      'organisations.0.website: must be an https:// address',
    ],
    [
      'an organisation with no way to reach it',
      { ...valid, organisations: [{ name: 'X', description: 'Y', website: null, phone: null, email: null }] },
      'organisations.0: needs at least one of website, phone, email',
    ],
    ['a misspelt field', { ...valid, operator: { ...valid.operator, emial: 'x@y.z' } }, /operator: .*emial/],
    ['a missing emergency number', { ...valid, emergencyNumber: undefined }, 'emergencyNumber'],
  ])('refuses %s, naming the field', (_label, file, message) => {
    expect(() => parseSupportContacts(file)).toThrow(message);
  });
});
