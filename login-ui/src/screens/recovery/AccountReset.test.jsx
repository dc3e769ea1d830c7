import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, texts, WAITING, literally } from '../../test/utils';

const { en, fr } = texts;

test('the second factor of recovery leads to the deletion for whoever can use none of the methods', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/forgotpassword/verification', { journeys: { recovery: JOURNEY.recovery.phoneSent } });
  expect(screen.getByRole('heading', { level: 2, name: en['accountReset.offer.title'] })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: en['accountReset.offer.link'] }));
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/accountreset'));
  expect(await screen.findByRole('heading', { level: 1, name: en['accountReset.ask.title'] })).toBeInTheDocument();
});

test('a deletion that waits is said on the second factor of recovery, in the words of the e-mail', async () => {
  await renderApp('/fr/forgotpassword/verification', { journeys: { recovery: JOURNEY.recovery.deletionWaits } });
  expect(screen.getByRole('heading', { level: 2, name: fr['waitingReset.account.title'] })).toBeInTheDocument();
  expect(screen.getByText(literally(WAITING.account.when.fr))).toBeInTheDocument();
});

test('asking the deletion says what goes and that it waits, then shows when it may be done', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/forgotpassword/accountreset', {
    journeys: { recovery: JOURNEY.recovery.phoneSent },
    api: { 'POST /v1/recovery/accountreset': moved(JOURNEY.recovery.resetRequested) },
  });
  expect(screen.getByText(en['accountReset.ask.whatGoes'])).toBeInTheDocument();
  expect(screen.queryByText(en['accountReset.ask.phoneRemoved'])).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: en['accountReset.ask.submit'] }));
  expect(calls.posts().map((c) => c.path)).toEqual(['/v1/recovery/accountreset']);
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/accountreset/requested'));
  expect(await screen.findByText(`Your account can be deleted from ${WAITING.account.when.en}.`)).toBeInTheDocument();
  expect(screen.getByText(/ada@example.com .* ending in 0100/)).toBeInTheDocument();
});

test('an account whose lost phone was removed is told why the address alone leads here', async () => {
  await renderApp('/fr/forgotpassword/accountreset', { journeys: { recovery: JOURNEY.recovery.addressOnly } });
  expect(screen.getByText(fr['accountReset.ask.phoneRemoved'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: fr['home.signIn'] })).toBeInTheDocument();
});

test('the owner who cancelled lately is sent to the help desk', async () => {
  const user = userEvent.setup();
  await renderApp('/en/forgotpassword/accountreset', {
    journeys: { recovery: JOURNEY.recovery.phoneSent },
    api: { 'POST /v1/recovery/accountreset': fail('55', null, 409) },
  });
  await user.click(screen.getByRole('button', { name: en['accountReset.ask.submit'] }));
  expect((await screen.findAllByText(en['error.55'])).length).toBeGreaterThan(0);
});

test('a phone removal that waits is named with its moment when a deletion is asked', async () => {
  const user = userEvent.setup();
  await renderApp('/en/forgotpassword/accountreset', {
    journeys: { recovery: JOURNEY.recovery.phoneSent },
    api: { 'POST /v1/recovery/accountreset': fail('56', WAITING.phone, 409) },
  });
  await user.click(screen.getByRole('button', { name: en['accountReset.ask.submit'] }));
  const said = en['error.56.phone'].replace('{when}', WAITING.phone.when.en);
  expect((await screen.findAllByText(said)).length).toBeGreaterThan(0);
});

test('once due, the deletion is confirmed and the page leads to a new account', async () => {
  const user = userEvent.setup();
  const deleted = JOURNEY.recovery.resetDue && { ...JOURNEY.recovery.resetDue, state: 'ACCOUNT_DELETED', screen: 'account/deleted', open: ['account/deleted'] };
  const { calls, location } = await renderApp('/fr/forgotpassword/accountreset/delete', {
    journeys: { recovery: JOURNEY.recovery.resetDue },
    api: { 'POST /v1/recovery/accountreset/delete': moved(deleted) },
  });
  expect(screen.getByText(fr['accountReset.delete.keep'])).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: fr['accountReset.delete.submit'] }));
  expect(calls.posts().map((c) => c.path)).toEqual(['/v1/recovery/accountreset/delete']);
  await waitFor(() => expect(location()).toBe('/fr/account/deleted'));
  expect(await screen.findByText(fr['account.deleted.resetText'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: fr['home.signUp'] })).toHaveAttribute('href', '/fr/signUp/privacy');
});

test('a deletion its owner cancelled since the code deletes nothing and says so', async () => {
  const user = userEvent.setup();
  await renderApp('/en/forgotpassword/accountreset/delete', {
    journeys: { recovery: JOURNEY.recovery.resetDue },
    api: { 'POST /v1/recovery/accountreset/delete': fail('57', null, 409) },
  });
  await user.click(screen.getByRole('button', { name: en['accountReset.delete.submit'] }));
  expect((await screen.findAllByText(en['error.57'])).length).toBeGreaterThan(0);
});
