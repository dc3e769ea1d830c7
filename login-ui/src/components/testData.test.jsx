import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, texts } from '../test/utils';

const { en, fr } = texts;
// what the server hands the UI in test mode (idp/flows/testmode.py)
const testData = { email: 'test@example.com', otp: '123456', password: 'sample person passphrase', phone: '6132345678', firstName: 'Alex', lastName: 'Tremblay' };

test('test mode pre-fills the sign-in e-mail with the sample person', async () => {
  await renderApp('/en', { config: { environment: 'development', testData } });
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('test@example.com');
});

test('test mode pre-fills the code, in French too', async () => {
  await renderApp('/fr/signUp/verification/email', { config: { environment: 'development', testData }, journeys: { signup: JOURNEY.signup.emailSent } });
  expect(screen.getByLabelText(fr['verification.codeLabel'])).toHaveValue('123456');
});

test('test mode pre-fills the phone', async () => {
  await renderApp('/en/signUp/verificationsetup', { config: { environment: 'development', testData }, journeys: { signup: JOURNEY.signup.created } });
  expect(String(screen.getByLabelText(en['phone.label']).value)).toContain('613');
});

test('test data from a server not in development is never applied', async () => {
  await renderApp('/en', { config: { environment: 'production', testData } });
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('');
});

test('without test mode nothing is pre-filled', async () => {
  await renderApp('/en', { config: { environment: 'development' } });
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('');
});
