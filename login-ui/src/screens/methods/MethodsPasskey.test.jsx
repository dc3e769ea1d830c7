import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/v1';
import { createPasskey } from '../../components/passkeys';
import { JOURNEY, moved, PASSKEY_OPTIONS, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

jest.mock('../../components/passkeys', () => ({
  ...jest.requireActual('../../components/passkeys'),
  passkeysSupported: () => true,
  createPasskey: jest.fn(),
}));

const { en } = texts;
const PENDING = { journeys: { methods: JOURNEY.methods.passkeyPending } };
const CREATED = { id: 'bmV3', type: 'public-key', response: { transports: ['internal'] } };
const withOptions = { pathname: '/en/signinmethods/passkey', state: { publicKey: PASSKEY_OPTIONS } };

beforeEach(() => createPasskey.mockReset());

test('the passkey is named, made by the browser with the options handed along, then registered', async () => {
  const user = userEvent.setup();
  createPasskey.mockResolvedValue(CREATED);
  const { calls, location } = await renderApp(withOptions, {
    ...PENDING,
    api: signedIn({ 'POST /v1/profile/methods/passkey/register': moved(JOURNEY.methods.completed) }),
  });
  await typeAndPress(user, en['methods.passkey.nameLabel'], '  Work   laptop ', en['methods.passkey.submit']);
  await waitFor(() => expect(location()).toBe('/en/signinmethods/done'));
  expect(createPasskey).toHaveBeenCalledWith(PASSKEY_OPTIONS);
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([
    ['/v1/profile/methods/passkey/register', { credential: CREATED, name: 'Work laptop' }],
  ]);
  expect(await screen.findByRole('heading', { level: 1, name: en['methods.done.passkey.title'] })).toBeInTheDocument();
});

test('a passkey needs a name of at most 100 characters, checked before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp(withOptions, PENDING);
  await user.click(screen.getByRole('button', { name: en['methods.passkey.submit'] }));
  expect(screen.getByRole('link', { name: en['error.41'].replace('{maxLength}', '100') })).toHaveAttribute('href', '#passkeyName');
  expect(createPasskey).not.toHaveBeenCalled();
  expect(calls.posts()).toHaveLength(0);
});

test('a device that already holds a passkey of the account says so, and the next try asks for new options', async () => {
  const user = userEvent.setup();
  createPasskey.mockRejectedValueOnce(new ApiError({ message: '39', data: { reason: 'registered' } })).mockResolvedValueOnce(CREATED);
  const { calls } = await renderApp(withOptions, {
    ...PENDING,
    api: signedIn({
      'POST /v1/profile/methods/passkey': moved(JOURNEY.methods.passkeyPending, { publicKey: PASSKEY_OPTIONS }),
      'POST /v1/profile/methods/passkey/register': moved(JOURNEY.methods.completed),
    }),
  });
  await typeAndPress(user, en['methods.passkey.nameLabel'], 'Phone', en['methods.passkey.submit']);
  expect(await screen.findByRole('link', { name: en['error.39.registered'] })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: en['methods.passkey.submit'] }));
  await waitFor(() => expect(calls.posts().map((c) => c.path)).toEqual(['/v1/profile/methods/passkey', '/v1/profile/methods/passkey/register']));
});
