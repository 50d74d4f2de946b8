import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REGISTER_CONFLICTS } from '@punter/core/account';
import { RegisterPage } from '@/features/auth/components/register-page';
import { ApiFailure } from '@/lib/api';
import { fakeApi } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

/** Fills both steps as a new user would and presses Create Account. */
async function register(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Okafor');
  await user.type(screen.getByLabelText('Username'), 'ada_o');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText('Password'), 'Secret#2026');
  await user.type(screen.getByLabelText('Phone number'), '08012345678');
  await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  await user.click(screen.getByRole('checkbox', { name: /over 18/ }));
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterPage', () => {
  it('a taken e-mail takes the user back to step 1 with the message under the e-mail field, the values kept', async () => {
    fakeApi.answerSession('sessionRegister', new ApiFailure([REGISTER_CONFLICTS.email], 'already-exists'));
    const { user } = renderWithApp(<RegisterPage />, { visitor: true, path: '/register' });
    await register(user);
    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect(email.value).toBe('ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(REGISTER_CONFLICTS.email);
    // Said once, at the field: not also in the alert above the form.
    expect(screen.getAllByText(REGISTER_CONFLICTS.email)).toHaveLength(1);
  });

  it('a taken phone number stays on step 2 under the phone field; other failures show in the alert', async () => {
    fakeApi.answerSession(
      'sessionRegister',
      new ApiFailure([REGISTER_CONFLICTS.phone_number, 'Something else went wrong'], 'already-exists'),
    );
    const { user } = renderWithApp(<RegisterPage />, { visitor: true, path: '/register' });
    await register(user);
    const phone = await screen.findByLabelText('Phone number');
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Something else went wrong')).toBeTruthy();
  });
});
