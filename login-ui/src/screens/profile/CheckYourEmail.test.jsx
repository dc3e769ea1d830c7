import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderApp, texts } from '../../test/utils';
import { signedIn } from './fixtures';

const { en, fr } = texts;
const arrived = (language) => ({ pathname: `/${language}/checkyouremail`, state: { email: 'ada.byron@example.com' } });

test('asks for the code sent to the new address in English', async () => {
  await renderApp(arrived('en'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.checkEmail.title'] })).toBeInTheDocument();
  expect(screen.getByText(/ada\.byron@example\.com/)).toBeInTheDocument();
});

test('renders in French', async () => {
  await renderApp(arrived('fr'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.checkEmail.title'] })).toBeInTheDocument();
});

test('without a new address it goes back to the new e-mail page', async () => {
  const { location } = await renderApp('/en/checkyouremail', { api: signedIn() });
  expect(location()).toBe('/en/enternewemail');
});

test('the right code asks "are you sure"', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp(arrived('en'), { api: signedIn({ 'POST /v1/profile/email/new/verify': ok({}) }) });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/areYouSureUpdateYourEmail'));
});
