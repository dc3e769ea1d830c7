import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, texts } from '../../test/utils';

const { en, fr } = texts;
const arrived = (language) => ({ pathname: `/${language}/forgotpassword/checkemail`, state: { email: 'ada@example.com' } });

test('asks for the e-mail code in English', async () => {
  await renderApp(arrived('en'));
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.checkEmail.title'] })).toBeInTheDocument();
});

test('renders in French', async () => {
  await renderApp(arrived('fr'));
  expect(screen.getByRole('heading', { level: 1, name: fr['recovery.checkEmail.title'] })).toBeInTheDocument();
});

test('without an address it goes back to the first recovery page', async () => {
  const { location } = await renderApp('/en/forgotpassword/checkemail');
  expect(location()).toBe('/en/forgotpassword');
});

test('the right code sends the two-step code to the phone of the account', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp(arrived('en'), {
    api: {
      'POST /v1/recovery/verify': ok({ phone: '******0100', otpType: 'sms' }),
      'POST /v1/recovery/code/send': ok({ trxnId: 'T2' }),
    },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/verification'));
  expect(calls.posts().map((c) => c.body)).toEqual([{ otp: '123456' }, { otpType: 'sms' }]);
});

test('an account without a phone is told to contact the help desk', async () => {
  const user = userEvent.setup();
  await renderApp(arrived('en'), { api: { 'POST /v1/recovery/verify': fail('33', null, 409) } });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(en['error.33']));
});
