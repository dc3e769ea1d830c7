import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POLICY } from '../../config';
import { codeSent, fail, journey, JOURNEY, renderApp, signedIn, texts } from '../../test/utils';

const { en, fr } = texts;
const proved = (routes) => ({ journeys: { phone_change: JOURNEY.phoneChange.reauthenticated }, api: signedIn(routes) });

test('offers the sign-up phone widget in English', async () => {
  await renderApp('/en/enterNewPhoneNumber', proved());
  expect(screen.getByRole('heading', { level: 1, name: en['profile.newPhone.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['phone.label'])).toHaveAttribute('autocomplete', 'tel');
  expect(screen.getByRole('group', { name: en['setup.method.legend'] })).toBeInTheDocument();
});

test('an empty number gives the code 10 text before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/enterNewPhoneNumber', proved());
  await user.click(screen.getByRole('button', { name: en['setup.submit'] }));
  expect(screen.getByRole('link', { name: en['error.10'] })).toBeInTheDocument();
  expect(calls.posts()).toHaveLength(0);
});

test('a valid number gets a code by the chosen channel and opens its page', async () => {
  const user = userEvent.setup();
  const voice = journey('phone_change', 'PHONE_CODE_SENT', { ...JOURNEY.phoneChange.newPhoneSent, otpType: 'voice', phone: '******5678' });
  const { calls, location } = await renderApp('/en/enterNewPhoneNumber', proved({ 'POST /v1/profile/phone': codeSent(voice, { type: 'voiceotp' }) }));
  await user.type(screen.getByLabelText(en['phone.label']), '613 234 5678');
  await user.click(screen.getByLabelText(en['setup.method.voice']));
  await user.click(screen.getByRole('button', { name: en['setup.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/verifynewphone'));
  expect(calls.posts()[0].body).toEqual({ phoneNumber: '+16132345678', otpType: 'voice' });
  expect(await screen.findByRole('heading', { level: 1, name: en['verification.voice.title'] })).toBeInTheDocument();
});

test('opens only once the person proved it is them for this change', async () => {
  const { location } = await renderApp('/en/enterNewPhoneNumber', { journeys: { phone_change: JOURNEY.phoneChange.codeSent }, api: signedIn() });
  expect(location()).toBe('/en/completetwostepverification/phone');
});

test('a proof given too long ago offers to confirm it is you again, at the phone change\'s start', async () => {
  const user = userEvent.setup();
  await renderApp('/en/enterNewPhoneNumber', proved({ 'POST /v1/profile/phone': fail('36', null, 409) }));
  await user.type(screen.getByLabelText(en['phone.label']), '613 234 5678');
  await user.click(screen.getByRole('button', { name: en['setup.submit'] }));
  expect(await screen.findByRole('link', { name: en['reauthenticate.again'] })).toHaveAttribute('href', '/en/firstverifyitsyou/phone');
});

test.each([
  ['en', en],
  ['fr', fr],
])('a number the server refuses for its kind shows the words for that kind (%s)', async (language, words) => {
  const user = userEvent.setup();
  await renderApp(`/${language}/enterNewPhoneNumber`, proved({ 'POST /v1/profile/phone': fail('52', { reason: 'premium_rate', channel: 'sms' }) }));
  await user.selectOptions(screen.getByLabelText(words['phone.countryLabel']), 'US');
  await user.type(screen.getByLabelText(words['phone.label']), '900 234 5678');
  await user.click(screen.getByRole('button', { name: words['setup.submit'] }));
  expect(await screen.findByRole('link', { name: words['error.52.premium_rate'] })).toHaveAttribute('href', '#phone');
});

test('only the countries the service texts or calls are listed, and one a channel does not serve is refused before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/enterNewPhoneNumber', {
    ...proved(),
    config: { policy: { ...DEFAULT_POLICY, phoneCountries: { sms: ['CA', 'US'], voice: ['CA'] } } },
  });
  await user.selectOptions(screen.getByLabelText(en['phone.countryLabel']), 'US');
  await user.type(screen.getByLabelText(en['phone.label']), '202 555 0123');
  await user.click(screen.getByLabelText(en['setup.method.voice']));
  await user.click(screen.getByRole('button', { name: en['setup.submit'] }));
  expect(document.getElementById('phone-error')).toHaveTextContent(
    'We cannot send codes by phone call to numbers in this country. We can send them to numbers in Canada.',
  );
  expect(calls.posts()).toHaveLength(0);
});
