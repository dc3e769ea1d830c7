import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOURNEY, WAITING, literally, ok, renderApp, signedIn, storedSession, texts } from '../../test/utils';

const { en, fr } = texts;

const EVERYTHING = {
  phone: { number: '******0100', channel: 'voice' },
  app: { addedAt: '2026-03-02T10:00:00Z', lastUsedAt: null },
  passkeys: [{ id: 7, name: 'Work laptop', addedAt: '2026-03-03T10:00:00Z', lastUsedAt: '2026-03-04T10:00:00Z' }],
  backupCodes: { remaining: 2, total: 10, low: true },
  preferred: 'passkey',
};

test('shows the name, verified e-mail, password, language, notifications and services in English', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.home.title'] })).toBeInTheDocument();
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  expect(screen.getByText(`ada@example.com (${en['profile.home.verified']})`)).toBeInTheDocument();
  expect(screen.getByText(en['profile.home.passwordValue'])).toBeInTheDocument();
  expect(screen.getByText(en['profile.language.en'])).toBeInTheDocument();
  expect(screen.getByText(en['profile.home.notificationsValue'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Reservations' })).toHaveAttribute('href', 'http://localhost:5001');
});

test('every change of a factor starts by confirming it is you: e-mail, password, phone', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  const links = screen.getAllByRole('link', { name: /^Change/ }).map((a) => a.getAttribute('href'));
  expect(links).toEqual(['/en/profilenameedit', '/en/firstverifyitsyou', '/en/firstverifyitsyou/password', '/en/profilelanguage', '/en/firstverifyitsyou/phone']);
});

test('"How you sign in" shows the phone masked with its channel', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 2, name: en['methods.title'] })).toBeInTheDocument();
  expect(within(screen.getByTestId('method-phone')).getByText(/Text message to \*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('a person with only the phone is offered a second way, backup codes first', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  expect(screen.getByRole('heading', { name: en['methods.suggest.title'] })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['methods.suggest.backup'] })).toHaveAttribute('href', '/en/firstverifyitsyou/methods');
  expect(screen.getByRole('link', { name: en['methods.suggest.more'] })).toHaveAttribute('href', '/en/signinmethods');
});

test('the only strong method cannot be removed, and says what to do first', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  const phone = within(screen.getByTestId('method-phone'));
  expect(phone.queryByRole('link', { name: /^Remove/ })).not.toBeInTheDocument();
  expect(phone.getByText(en['methods.onlyWay'])).toBeInTheDocument();
});

test('a person with every method sees each, the one asked first marked, and no suggestion', async () => {
  await renderApp('/en/profilehome', { api: signedIn({}, {}, EVERYTHING) });
  expect(screen.queryByRole('heading', { name: en['methods.suggest.title'] })).not.toBeInTheDocument();
  expect(within(screen.getByTestId('method-phone')).getByText(/Phone call to/)).toBeInTheDocument();
  expect(within(screen.getByTestId('method-app')).getByText(/Added March 2, 2026\. Not used yet\./)).toBeInTheDocument();
  const passkeys = within(screen.getByTestId('method-passkey'));
  expect(passkeys.getByText('Work laptop', { selector: 'strong' })).toBeInTheDocument();
  expect(passkeys.getByText(en['methods.preferred'], { exact: false })).toBeInTheDocument();
  expect(passkeys.getByText(/Last used March 4, 2026\./)).toBeInTheDocument();
  expect(within(screen.getByTestId('method-backup')).getByText('2 of 10 left')).toBeInTheDocument();
  expect(within(screen.getByTestId('method-backup')).getByText(en['methods.backup.low'])).toBeInTheDocument();
});

test('each action goes to the password first, with the action chosen', async () => {
  const user = userEvent.setup();
  await renderApp('/en/profilehome', { api: signedIn({}, {}, EVERYTHING) });
  await user.click(screen.getByRole('link', { name: 'Remove Work laptop' }));
  expect(await screen.findByRole('heading', { level: 1, name: en['profile.verify.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['reauthenticate.lead.methods'])).toBeInTheDocument();
});

test('right after sign-up an action goes straight to the change', async () => {
  await renderApp('/en/profilehome', { journeys: { methods: JOURNEY.methods.reauthenticated }, api: signedIn() });
  expect(screen.getByRole('link', { name: en['methods.suggest.backup'] })).toHaveAttribute('href', '/en/signinmethods/change');
});

test('dates are written in the page\'s language', async () => {
  await renderApp('/fr/profilehome', { api: signedIn({}, {}, EVERYTHING) });
  expect(within(screen.getByTestId('method-app')).getByText(/Ajouté le 2 mars 2026\./)).toBeInTheDocument();
});

test('sign out ends the server session, clears the browser state and goes home', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/profilehome', {
    userData: { email: 'ada@example.com', redirectTo: '/authorize/resume/x', flow: 'signin' },
    api: signedIn({ 'POST /v1/logout': ok({}) }),
  });
  await user.click(screen.getByRole('button', { name: en['profile.signOut'] }));
  await waitFor(() => expect(location()).toBe('/en'));
  expect(calls.posts().map((c) => c.path)).toEqual(['/v1/logout']);
  expect(storedSession().userData).toMatchObject({ email: null, redirectTo: null });
});

test('a removal of the phone that waits is shown with a button that cancels it', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/profilehome', {
    api: signedIn({ 'POST /v1/profile/reset/cancel': ok({ cancelled: true, kind: 'phone' }) }, { reset: WAITING.phone }),
  });
  expect(screen.getByText(`${en['profile.reset.phone.text'].split('{when}')[0]}${WAITING.phone.when.en}${en['profile.reset.phone.text'].split('{when}')[1]}`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: en['profile.reset.phone.cancel'] }));
  expect(calls.posts().map((c) => c.path)).toEqual(['/v1/profile/reset/cancel']);
  expect(await screen.findByText(en['profile.reset.phone.cancelled'])).toBeInTheDocument();
});

test('a deletion of the account that waits is said in French, in the words of the e-mail', async () => {
  const user = userEvent.setup();
  await renderApp('/fr/profilehome', {
    api: signedIn({ 'POST /v1/profile/reset/cancel': ok({ cancelled: true, kind: 'account' }) }, { reset: WAITING.account }),
  });
  expect(screen.getByRole('heading', { name: fr['profile.reset.account.title'] })).toBeInTheDocument();
  expect(screen.getByText(literally(WAITING.account.when.fr))).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: fr['profile.reset.account.cancel'] }));
  expect(await screen.findByText(fr['profile.reset.account.cancelled'])).toBeInTheDocument();
});
