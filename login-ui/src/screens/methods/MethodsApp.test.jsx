import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

const { en, fr } = texts;
const PENDING = { journeys: { methods: JOURNEY.methods.appPending } };
const SETUP = { qrImage: 'data:image/svg+xml;base64,PHN2Zy8+', key: 'ABCD EFGH IJKL MNOP', issuer: 'Sign-in for federal services', account: 'ada@example.com' };
const withSetup = (language = 'en') => ({ pathname: `/${language}/signinmethods/app`, state: { setup: SETUP } });

test('shows the QR code with a useful text alternative, and the key in groups of four with the issuer and account', async () => {
  await renderApp(withSetup(), PENDING);
  expect(screen.getByRole('img', { name: 'QR code that adds Sign-in for federal services, account ada@example.com, to your authenticator app' })).toHaveAttribute(
    'src',
    SETUP.qrImage,
  );
  const details = within(screen.getByTestId('app-key').closest('dl'));
  expect(screen.getByTestId('app-key')).toHaveTextContent('ABCD EFGH IJKL MNOP');
  expect(details.getByText('Sign-in for federal services')).toBeInTheDocument();
  expect(details.getByText('ada@example.com')).toBeInTheDocument();
});

test('the first code confirms the app and opens the confirmation', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp(withSetup('fr'), {
    ...PENDING,
    api: signedIn({ 'POST /v1/profile/methods/app/confirm': moved(JOURNEY.methods.completed) }),
  });
  await typeAndPress(user, fr['verification.codeLabel'], '123456', fr['common.continue']);
  await waitFor(() => expect(location()).toBe('/fr/signinmethods/done'));
  expect(calls.posts()[0].body).toEqual({ otp: '123456' });
  expect(await screen.findByRole('heading', { level: 1, name: fr['methods.done.app.title'] })).toBeInTheDocument();
});

test('a wrong first code shows the code 14 text', async () => {
  const user = userEvent.setup();
  await renderApp(withSetup(), { ...PENDING, api: { 'POST /v1/profile/methods/app/confirm': fail('14') } });
  await typeAndPress(user, en['verification.codeLabel'], '123456', en['common.continue']);
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent(en['error.14']));
});

test('after a reload the secret is not shown again: a new one is asked for', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signinmethods/app', { ...PENDING, api: { 'POST /v1/profile/methods/app': moved(JOURNEY.methods.appPending, SETUP) } });
  expect(screen.getByText(en['methods.app.shownOnce'])).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: en['methods.app.again'] }));
  expect(await screen.findByTestId('app-key')).toHaveTextContent('ABCD EFGH IJKL MNOP');
  expect(calls.posts().map((c) => c.path)).toEqual(['/v1/profile/methods/app']);
});
