import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, texts } from '../../test/utils';
import { signedIn } from './fixtures';

const { en, fr } = texts;
const arrived = (language) => ({ pathname: `/${language}/completetwostepverification`, state: { otpType: 'sms' } });

test('asks for the code sent to the phone in English', async () => {
  await renderApp(arrived('en'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['verification.codeLabel'])).toHaveAttribute('autocomplete', 'one-time-code');
});

test('renders in French', async () => {
  await renderApp(arrived('fr'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.twoStep.title'] })).toBeInTheDocument();
});

test('the right code opens the new e-mail page', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp(arrived('en'), {
    api: signedIn({ 'POST /v1/profile/email/code/verify': ok({}) }),
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/enternewemail'));
  expect(calls.posts()[0].body).toEqual({ otp: '123456' });
});

test('a wrong code shows the code 14 text', async () => {
  const user = userEvent.setup();
  await renderApp(arrived('en'), { api: signedIn({ 'POST /v1/profile/email/code/verify': fail('14', { retries: 3 }) }) });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent(en['error.14']));
});

test('a code of the wrong shape gives the code 3 text before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp(arrived('en'), { api: signedIn() });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '12');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.getByRole('link', { name: en['error.3'] })).toBeInTheDocument();
  expect(calls.posts()).toHaveLength(0);
});
