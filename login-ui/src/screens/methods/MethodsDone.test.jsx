import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOURNEY, ok, renderApp, SERVICE, signedIn, texts } from '../../test/utils';

const { en, fr } = texts;
const DONE = { journeys: { methods: JOURNEY.methods.completed }, api: signedIn() };
const CODES = ['ABCDE-23456', 'FGHJK-34567', 'MNPQR-45678'];
const withCodes = (language = 'en') => ({ pathname: `/${language}/signinmethods/done`, state: { done: 'backup', codes: CODES } });

test('new backup codes are shown once, with how to keep them', async () => {
  await renderApp(withCodes(), DONE);
  expect(screen.getByRole('heading', { level: 1, name: en['methods.done.backup.title'] })).toBeInTheDocument();
  expect(screen.getAllByRole('listitem').map((item) => item.textContent).filter((text) => CODES.includes(text))).toEqual(CODES);
  expect(screen.getByText(en['methods.done.backup.once'])).toBeInTheDocument();
});

test('the codes download as a text file', async () => {
  await renderApp(withCodes('fr'), DONE);
  const download = screen.getByRole('link', { name: fr['methods.done.backup.download'] });
  expect(download).toHaveAttribute('download', fr['methods.done.backup.fileName']);
  const text = decodeURIComponent(download.getAttribute('href').split(',')[1]);
  expect(text.split('\n').filter((line) => CODES.includes(line))).toEqual(CODES);
});

test('the codes are copied to the clipboard, and the person is told', async () => {
  const user = userEvent.setup();
  const writeText = jest.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await renderApp(withCodes(), DONE);
  await user.click(screen.getByRole('button', { name: en['methods.done.backup.copy'] }));
  expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
  expect(await screen.findByText(en['methods.done.backup.copied'])).toHaveAttribute('role', 'status');
});

test('print opens the browser\'s print dialog', async () => {
  const user = userEvent.setup();
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  await renderApp(withCodes(), DONE);
  await user.click(screen.getByRole('button', { name: en['methods.done.backup.print'] }));
  expect(print).toHaveBeenCalled();
  print.mockRestore();
});

test('the confirmation says every other session ended', async () => {
  await renderApp({ pathname: '/en/signinmethods/done', state: { done: 'app' } }, DONE);
  expect(screen.getByRole('heading', { level: 1, name: en['methods.done.app.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['methods.everyChangeDone'])).toBeInTheDocument();
});

test('after a reload the codes are never shown again', async () => {
  await renderApp('/en/signinmethods/done', DONE);
  expect(screen.getByRole('heading', { level: 1, name: en['methods.done.saved.title'] })).toBeInTheDocument();
  expect(screen.queryByText('ABCDE-23456')).not.toBeInTheDocument();
});

test('after a sign-up the way on to the service waiting is offered', async () => {
  await renderApp(withCodes(), { ...DONE, service: SERVICE, userData: { flow: 'signup', redirectTo: '/authorize/resume/abc' } });
  await waitFor(() => expect(screen.getByRole('link', { name: 'Continue to Reservations' })).toHaveAttribute('href', 'http://localhost/authorize/resume/abc'));
});

// GET /v1/session of a signed-in person whom the waiting service asks a passkey
const ASKS_PASSKEY = {
  'GET /v1/session': ok({
    authenticated: true, service: SERVICE, loginHint: null, passkeyRequired: true, continueTo: '/authorize/resume/xyz',
    journeys: { methods: JOURNEY.methods.completed },
  }),
};

test('a passkey made for a service that asked one leads on to that service', async () => {
  await renderApp({ pathname: '/en/signinmethods/done', state: { done: 'passkey' } }, { ...DONE, api: signedIn(ASKS_PASSKEY) });
  const onward = await screen.findByRole('link', { name: 'Continue to Reservations' });
  expect(onward).toHaveAttribute('href', '/authorize/resume/xyz');
});

test('another change does not lead on to a service that asked a passkey', async () => {
  await renderApp({ pathname: '/fr/signinmethods/done', state: { done: 'app' } }, { ...DONE, api: signedIn(ASKS_PASSKEY) });
  await screen.findByRole('heading', { level: 1, name: fr['methods.done.app.title'] });
  expect(screen.queryByRole('link', { name: /Reservations/ })).not.toBeInTheDocument();
});
