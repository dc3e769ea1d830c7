import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, texts } from '../test/utils';

const { en, fr } = texts;
// what the server hands the UI in test mode (idp/flows/testmode.py)
const testData = { email: 'test@example.com', password: 'sample person passphrase', phone: '6132345678', firstName: 'Alex', lastName: 'Tremblay' };

test('test mode pre-fills the sign-in e-mail with the sample person', async () => {
  await renderApp('/en', { config: { environment: 'development', testData } });
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('test@example.com');
});

test('test mode pre-fills the code the server names for the sample person, in French too', async () => {
  const sampleSent = { ...JOURNEY.signup.emailSent, testCode: '123456' };
  await renderApp('/fr/signUp/verification/email', { config: { environment: 'development', testData }, journeys: { signup: sampleSent } });
  expect(screen.getByLabelText(fr['verification.codeLabel'])).toHaveValue('123456');
});

test('test mode leaves the code empty for everybody else', async () => {
  await renderApp('/en/signUp/verification/email', { config: { environment: 'development', testData }, journeys: { signup: JOURNEY.signup.emailSent } });
  expect(screen.getByLabelText(en['verification.codeLabel'])).toHaveValue('');
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
