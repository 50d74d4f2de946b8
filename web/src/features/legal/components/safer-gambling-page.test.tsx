import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '@/config/env';
import { SaferGamblingPage } from '@/features/legal/components/safer-gambling-page';
import { parseSupportContacts, supportContacts } from '@/features/legal/support-contacts';
import { renderWithApp } from '@/testing/render';

const configured = parseSupportContacts({
  operator: {
    name: 'Punter support',
    phone: '+234 700 111 2222',
    whatsapp: '2347001112222',
    email: 'help@punter.test',
    hours: 'Every day, 8am to 10pm',
  },
  emergencyNumber: '112',
  organisations: [
    {
      name: 'Helpers NG',
      description: 'Free counselling.',
      website: 'https://helpers.example',
      phone: '0700 000 0000',
      email: null,
    },
    { placeholder: true, note: 'Fill me' },
  ],
});

describe('SaferGamblingPage', () => {
  it('lists the signs of a problem and links the limits, break and self-exclusion tools', () => {
    renderWithApp(<SaferGamblingPage />, { visitor: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Safer gambling and help' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Signs that betting is becoming a problem' })).toBeTruthy();
    expect(screen.getByText(/You stake more after a loss to win it back/)).toBeTruthy();
    expect(screen.getByText(/You borrow to bet/)).toBeTruthy();
    const tools = screen.getByRole('link', { name: 'Set your limits, take a break or exclude yourself' });
    expect(tools.getAttribute('href')).toBe('/safer-play');
    expect(screen.getByText(/you can always withdraw your money/)).toBeTruthy();
  });

  it("shows the operator's contacts and the independent organisations it configured, never a placeholder", () => {
    renderWithApp(<SaferGamblingPage contacts={configured} />, { visitor: true });
    const contacts = within(screen.getByRole('list', { name: 'Support contacts' }));
    expect(contacts.getByRole('link', { name: 'chat with us' }).getAttribute('href')).toBe('https://wa.me/2347001112222');
    expect(contacts.getByRole('link', { name: '+234 700 111 2222' }).getAttribute('href')).toBe('tel:+2347001112222');
    expect(contacts.getByRole('link', { name: 'help@punter.test' }).getAttribute('href')).toBe('mailto:help@punter.test');
    expect(contacts.getByText('Hours: Every day, 8am to 10pm')).toBeTruthy();
    expect(screen.getByText('Helpers NG')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'helpers.example' }).getAttribute('href')).toBe('https://helpers.example');
    expect(screen.getByRole('link', { name: '0700 000 0000' }).getAttribute('href')).toBe('tel:07000000000');
    expect(screen.queryByText(/Fill me/)).toBeNull();
    expect(screen.getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
  });

  it('with the shipped file: no invented phone or email, WhatsApp from the web configuration', () => {
    renderWithApp(<SaferGamblingPage />, { visitor: true });
    const contacts = within(screen.getByRole('list', { name: 'Support contacts' }));
    expect(contacts.getByRole('link', { name: 'chat with us' }).getAttribute('href')).toBe(
      `https://wa.me/${supportContacts.operator.whatsapp ?? env.VITE_SUPPORT_WHATSAPP}`,
    );
    expect(contacts.queryByText(/^Phone:/)).toBeNull();
    expect(contacts.queryByText(/^Email:/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Independent help' })).toBeTruthy();
  });
});
