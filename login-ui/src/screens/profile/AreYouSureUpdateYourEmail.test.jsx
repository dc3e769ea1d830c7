import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, texts } from '../../test/utils';
import { signedIn } from './fixtures';

const { en, fr } = texts;
const arrived = (language) => ({ pathname: `/${language}/areYouSureUpdateYourEmail`, state: { email: 'ada.byron@example.com' } });

test('shows the new address in English', async () => {
  await renderApp(arrived('en'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.emailConfirm.title'] })).toBeInTheDocument();
  expect(screen.getByText('ada.byron@example.com')).toBeInTheDocument();
});

test('renders in French', async () => {
  await renderApp(arrived('fr'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.emailConfirm.title'] })).toBeInTheDocument();
});

test('yes changes the address and opens the success page', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp(arrived('en'), {
    api: signedIn({ 'POST /v1/profile/email/confirm': ok({ email: 'ada.byron@example.com' }) }),
  });
  await user.click(screen.getByRole('button', { name: en['profile.emailConfirm.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/youMayUpdateEmailAtOtherPlaces'));
  expect(calls.posts()[0].path).toBe('/v1/profile/email/confirm');
});

test('an address taken meanwhile shows the code 31 text', async () => {
  const user = userEvent.setup();
  await renderApp(arrived('en'), { api: signedIn({ 'POST /v1/profile/email/confirm': fail('31', null, 409) }) });
  await user.click(screen.getByRole('button', { name: en['profile.emailConfirm.submit'] }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(en['error.31']));
});
