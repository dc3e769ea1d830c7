import { screen, within } from '@testing-library/react';
import { JOURNEY, ok, renderApp, SERVICE, signedIn, signedOut, texts } from '../../test/utils';

const { en, fr } = texts;
const APP_AND_PHONE = {
  phone: { number: '******0100', channel: 'sms' },
  app: { addedAt: '2026-03-02T10:00:00Z', lastUsedAt: '2026-03-05T10:00:00Z' },
  passkeys: [],
  backupCodes: null,
  preferred: 'app',
};

test('lists how the person signs in, in French, and says each change signs out the other devices', async () => {
  await renderApp('/fr/signinmethods', { api: signedIn({}, {}, APP_AND_PHONE) });
  expect(screen.getByRole('heading', { level: 1, name: fr['methods.title'] })).toBeInTheDocument();
  expect(within(screen.getByTestId('method-app')).getByText(/Dernière utilisation le 5 mars 2026\./)).toBeInTheDocument();
  expect(within(screen.getByTestId('method-app')).getByText(/\(demandé en premier\)/)).toBeInTheDocument();
  expect(screen.getByText(fr['methods.everyChange'])).toBeInTheDocument();
});

test('with two strong methods either may be removed', async () => {
  await renderApp('/en/signinmethods', { api: signedIn({}, {}, APP_AND_PHONE) });
  expect(within(screen.getByTestId('method-phone')).getByRole('link', { name: 'Remove Phone' })).toBeInTheDocument();
  expect(within(screen.getByTestId('method-app')).getByRole('link', { name: 'Remove Authenticator app' })).toBeInTheDocument();
  expect(screen.queryByText(en['methods.onlyWay'])).not.toBeInTheDocument();
});

test('replacing the app, adding a passkey and getting backup codes each start with the password', async () => {
  await renderApp('/en/signinmethods', { api: signedIn({}, {}, APP_AND_PHONE) });
  const hrefs = ['Replace Authenticator app', 'Add Passkeys', en['methods.backup.get']].map((name) =>
    screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href'),
  );
  expect(hrefs).toEqual(['/en/firstverifyitsyou/methods', '/en/firstverifyitsyou/methods', '/en/firstverifyitsyou/methods']);
});

test('a phone change starts with the password of the phone change', async () => {
  await renderApp('/en/signinmethods', { api: signedIn() });
  expect(screen.getByRole('link', { name: 'Change Phone' })).toHaveAttribute('href', '/en/firstverifyitsyou/phone');
});

test('right after sign-up the actions go straight to the change', async () => {
  await renderApp('/en/signinmethods', { journeys: { methods: JOURNEY.methods.reauthenticated }, api: signedIn() });
  expect(screen.getByRole('link', { name: 'Add Authenticator app' })).toHaveAttribute('href', '/en/signinmethods/change');
});

test('nobody signed in goes home', async () => {
  const { location } = await renderApp('/en/signinmethods', { api: signedOut });
  expect(location()).toBe('/');
});

test('a service that asks a passkey the person lacks is named as the reason to add one', async () => {
  const session = { 'GET /v1/session': ok({ authenticated: true, service: SERVICE, loginHint: null, passkeyRequired: true, continueTo: '/authorize/resume/xyz', journeys: {} }) };
  await renderApp('/fr/signinmethods', { api: signedIn(session, {}, APP_AND_PHONE) });
  expect(await screen.findByText(fr['methods.passkeyRequired'].replaceAll('{service}', 'Reservations'))).toBeInTheDocument();
});

test('no such word without a service asking it', async () => {
  await renderApp('/en/signinmethods', { api: signedIn({}, {}, APP_AND_PHONE) });
  await screen.findByRole('heading', { level: 1, name: en['methods.title'] });
  expect(screen.queryByText(/asks you to sign in with a passkey/)).not.toBeInTheDocument();
});

test('each passkey says whether it signs in on its own or after the password', async () => {
  const used = { addedAt: '2026-03-02T10:00:00Z', lastUsedAt: null };
  const passkeys = [{ id: 1, name: 'Phone', signsInAlone: true, ...used }, { id: 2, name: 'Old key', signsInAlone: false, ...used }];
  await renderApp('/en/signinmethods', { api: signedIn({}, {}, { ...APP_AND_PHONE, passkeys }) });
  const listed = within(screen.getByTestId('method-passkey'));
  expect(listed.getByText(en['methods.passkey.signsInAlone'])).toBeInTheDocument();
  expect(listed.getByText(en['methods.passkey.afterPassword'])).toBeInTheDocument();
});
