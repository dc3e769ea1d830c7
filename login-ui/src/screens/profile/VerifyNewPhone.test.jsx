import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderApp, texts } from '../../test/utils';
import { signedIn } from './fixtures';

const { en, fr } = texts;
const arrived = (language) => ({
  pathname: `/${language}/verifynewphone`,
  state: { otpType: 'sms', phoneNumber: '+16132345678', phone: '******5678' },
});

test('asks for the code sent to the new number in English', async () => {
  await renderApp(arrived('en'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['verification.sms.title'] })).toBeInTheDocument();
  expect(screen.getByText(/\*\*\*\*\*\*5678/)).toBeInTheDocument();
});

test('renders in French', async () => {
  await renderApp(arrived('fr'), { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['verification.sms.title'] })).toBeInTheDocument();
});

test('without a new number it goes back to the phone page', async () => {
  const { location } = await renderApp('/en/verifynewphone', { api: signedIn() });
  expect(location()).toBe('/en/enterNewPhoneNumber');
});

test('the right code opens the success page', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp(arrived('en'), {
    api: signedIn({ 'POST /v1/profile/phone/verify': ok({ phone: '******5678' }) }),
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/phonechanged'));
});
