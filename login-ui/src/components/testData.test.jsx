import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, texts } from '../test/utils';

jest.mock('../testData', () => ({
  __esModule: true,
  default: { email: 'test@example.com', otp: '123456', password: 'a long test password', lastName: 'Tester' },
}));

const { en } = texts;

test('development test data pre-fills the forms when the server runs in development', async () => {
  await renderApp('/en', { config: { environment: 'development' } });
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('test@example.com');
});

test('test data pre-fills the code, password and name inputs too', async () => {
  await renderApp('/en/signUp/verification/email', { config: { environment: 'development' }, journeys: { signup: JOURNEY.signup.emailSent } });
  expect(screen.getByLabelText(en['verification.codeLabel'])).toHaveValue('123456');
});

test('test data is never applied when the server runs in production', async () => {
  await renderApp('/en', { config: { environment: 'production' } });
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('');
});
