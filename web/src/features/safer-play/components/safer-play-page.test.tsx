import type { SaferPlayState } from '@punter/core/api/safer-play';
import { LIMIT_KINDS, LIMIT_PERIODS } from '@punter/core/safer-play';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NOTICE, SaferPlayPage } from '@/features/safer-play/components/safer-play-page';
import { fakeApi, ok } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

function state(changes: Partial<SaferPlayState> = {}, limit: Partial<SaferPlayState['limits'][number]> = {}): SaferPlayState {
  const limits: SaferPlayState['limits'] = LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => ({ kind, period, amount: null, pending: null, used: 0 })),
  );
  limits[3] = { ...limits[3]!, ...limit }; // spend per day
  return { limits, pause: null, ...changes };
}

const spendDay = () => screen.getByRole('form', { name: 'Spending limits: Per day' });

afterEach(() => {
  fakeApi.reset();
  vi.unstubAllGlobals();
});

describe('/safer-play', () => {
  it('shows what is used and saves a limit; a raise shows when it takes effect', async () => {
    fakeApi.answer('saferPlay', ok(state({}, { amount: 3000, used: 1200 })));
    fakeApi.answerOnce(
      'saferPlayLimit',
      ok(
        state({}, { amount: 3000, used: 1200, pending: { amount: 8000, effective_at: '2026-11-25T09:00:00.000Z' } }),
        'Your new limit takes effect in 24 hours',
      ),
    );
    const { user } = renderWithApp(<SaferPlayPage />);
    const form = within(await screen.findByRole('form', { name: 'Spending limits: Per day' }));
    expect(form.getByText('Limit ₦3,000 · used ₦1,200')).toBeTruthy();
    const input = form.getByLabelText('Per day (₦)');
    await user.clear(input);
    await user.type(input, '8000');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your new limit takes effect in 24 hours');
    expect(fakeApi.callsTo('saferPlayLimit')[0]?.body).toEqual({ kind: 'spend', period: 'day', amount: 8000 });
    await waitFor(() => expect(within(spendDay()).getByTestId('limit-spend-day-pending').textContent).toMatch(/^₦8,000 from /));
  });

  it('a blank limit asks for none; a bad amount is refused in the browser', async () => {
    fakeApi.answer('saferPlay', ok(state({}, { amount: 3000 })));
    fakeApi.answer('saferPlayLimit', ok(state(), 'Your new limit takes effect in 24 hours'));
    const { user } = renderWithApp(<SaferPlayPage />);
    const form = within(await screen.findByRole('form', { name: 'Spending limits: Per day' }));
    const input = form.getByLabelText('Per day (₦)');
    await user.clear(input);
    await user.type(input, 'abc');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await form.findByText('Enter a valid amount in naira');
    expect(fakeApi.callsTo('saferPlayLimit')).toHaveLength(0);
    await user.clear(input);
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('saferPlayLimit')[0]?.body).toEqual({ kind: 'spend', period: 'day', amount: null }),
    );
  });

  it('a break is confirmed with the PIN; the server refusing it shows its message', async () => {
    fakeApi.answer('saferPlay', ok(state()));
    fakeApi.failOnce('saferPlayPause', ['Incorrect PIN']);
    fakeApi.answerOnce('saferPlayPause', ok(state({ pause: { kind: 'break', until: '2026-12-01T09:00:00.000Z' } })));
    const { user } = renderWithApp(<SaferPlayPage />);
    const section = within(await screen.findByRole('region', { name: 'Take a break' }));
    expect(section.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(true);
    await user.selectOptions(section.getByLabelText('How long'), '7d');
    await user.click(section.getByRole('button', { name: 'Continue' }));
    section.getByText('Start a break of 7 days? It cannot be ended early.');
    await user.type(section.getByLabelText('Transaction PIN'), '9999');
    await user.click(section.getByRole('button', { name: 'Start my break' }));
    await section.findByText('Incorrect PIN');
    await user.click(section.getByRole('button', { name: 'Start my break' }));
    await screen.findByText(/You are taking a break until/);
    expect(fakeApi.callsTo('saferPlayPause')[1]?.body).toEqual({ kind: 'break', duration: '7d', pin: '9999' });
  });

  it('offline: the last known settings with a notice, and nothing can be sent', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fakeApi.answer('saferPlay', ok(state({}, { amount: 3000 })));
    renderWithApp(<SaferPlayPage />);
    screen.getByText(OFFLINE_NOTICE);
    const form = within(await screen.findByRole('form', { name: 'Spending limits: Per day' }));
    expect(form.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('a failed load says so with Try again', async () => {
    fakeApi.failOnce('saferPlay', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    fakeApi.answer('saferPlay', ok(state()));
    const { user } = renderWithApp(<SaferPlayPage />);
    await screen.findByText('The service is unreachable. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('form', { name: 'Spending limits: Per day' });
  });
});
