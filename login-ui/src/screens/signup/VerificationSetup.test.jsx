import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POLICY } from '../../config';
import { codeSent, fail, journey, JOURNEY, renderApp, texts, typeAndPress } from '../../test/utils';

const { en, fr } = texts;
const VOICE_SENT = journey('signup', 'PHONE_CODE_SENT', { ...JOURNEY.signup.phoneSent, otpType: 'voice' });
const SENT = codeSent(VOICE_SENT, { trxnId: 'TP', type: 'voiceotp' });

const submitPhone = (user, number) => typeAndPress(user, en['phone.label'], number, en['setup.submit']);
// a service that texts and calls every country: the widget's own behaviour with all its countries
const EVERY_COUNTRY = { policy: { ...DEFAULT_POLICY, phoneCountries: { sms: ['*'], voice: ['*'] } } };
const CREATED = { journeys: { signup: JOURNEY.signup.created } };

test('renders step 3 of 4 in English with Canada (+1) chosen by default', async () => {
  await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
  expect(screen.getByRole('heading', { level: 1, name: en['setup.title'] })).toBeInTheDocument();
  expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
  expect(screen.getByLabelText(en['phone.countryLabel'])).toHaveValue('CA');
  expect(document.getElementById('dial-code')).toHaveTextContent('+1');
  expect(screen.getByLabelText(en['phone.label'])).toHaveAttribute('autocomplete', 'tel');
});

test('renders in French with country names in French', async () => {
  await renderApp('/fr/signUp/verificationsetup', { ...CREATED, config: EVERY_COUNTRY });
  expect(screen.getByRole('heading', { level: 1, name: fr['setup.title'] })).toBeInTheDocument();
  const select = screen.getByLabelText(fr['phone.countryLabel']);
  expect(within(select).getByRole('option', { name: 'Allemagne (+49)' })).toBeInTheDocument();
  expect(within(select).getByRole('option', { name: 'La Réunion (+262)' })).toBeInTheDocument();
});

test('the dial code is not an editable field', async () => {
  await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
  expect(document.getElementById('dial-code').tagName).toBe('SPAN');
  expect(screen.getAllByRole('textbox').some((box) => box.value === '+1')).toBe(false);
});

test('before the account is created the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.emailVerified } });
  expect(location()).toBe('/en/signUp/password');
});

test('sms is the default delivery and voice can be chosen, in a fieldset', async () => {
  await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
  expect(screen.getByRole('group', { name: en['setup.method.legend'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['setup.method.sms'])).toBeChecked();
  expect(screen.getByLabelText(en['setup.method.voice'])).not.toBeChecked();
});

test('a service that offers only text messages offers no call, and sends by text', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signUp/verificationsetup', {
    journeys: { signup: JOURNEY.signup.created },
    config: { policy: { ...DEFAULT_POLICY, phoneChannels: ['sms'] } },
  });
  expect(screen.getByLabelText(en['setup.method.sms'])).toBeChecked();
  expect(screen.queryByLabelText(en['setup.method.voice'])).not.toBeInTheDocument();
  await submitPhone(user, '613 555 0100');
  await waitFor(() => expect(calls.posts()).toHaveLength(1));
  expect(calls.posts()[0].body).toMatchObject({ otpType: 'sms' });
});

test('a service that offers only calls has the call chosen', async () => {
  await renderApp('/en/signUp/verificationsetup', {
    journeys: { signup: JOURNEY.signup.created },
    config: { policy: { ...DEFAULT_POLICY, phoneChannels: ['voice'] } },
  });
  expect(screen.getByLabelText(en['setup.method.voice'])).toBeChecked();
  expect(screen.queryByLabelText(en['setup.method.sms'])).not.toBeInTheDocument();
});

test('an empty phone gives the code 10 text', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
  await submitPhone(user, '');
  expect(screen.getByRole('link', { name: en['error.10'] })).toHaveAttribute('href', '#phone');
  expect(calls.posts()).toHaveLength(0);
});

test('a number with too few digits names the digit count of the chosen country', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
  await submitPhone(user, '613 555');
  expect(document.getElementById('phone-error')).toHaveTextContent('Phone number must be 10 digits.');
});

test('a valid number is sent as a plus sign and digits with the chosen method, then the code screen the journey names opens', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signUp/verificationsetup', {
    journeys: { signup: JOURNEY.signup.created },
    api: { 'POST /v1/otp/transient_otp/send': SENT },
  });
  await user.click(screen.getByLabelText(en['setup.method.voice']));
  await submitPhone(user, '(613) 555-0100');
  await waitFor(() => expect(location()).toBe('/en/signUp/verification/voice'));
  expect(calls.posts()[0].body).toMatchObject({
    userName: 'ada@example.com',
    otpType: 'voice',
    phoneNumber: '+16135550100',
    language: 'eng',
  });
});

test('a server failure is shown on the phone field, saying nothing of a pause', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/verificationsetup', {
    journeys: { signup: JOURNEY.signup.created },
    api: { 'POST /v1/otp/transient_otp/send': fail('22') },
  });
  await submitPhone(user, '613 555 0100');
  await waitFor(() => expect(document.getElementById('phone-error')).toHaveTextContent(en['error.22']));
  expect(screen.queryByText(en['setup.paused.saved'])).not.toBeInTheDocument();
});

test('when texts and calls are paused, the person learns how long, and that their account is saved to finish by e-mail later', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/verificationsetup', {
    journeys: { signup: JOURNEY.signup.created },
    api: { 'POST /v1/otp/transient_otp/send': fail('38', { retryAfter: 1500 }, 503) },
  });
  await submitPhone(user, '613 555 0100');
  await waitFor(() => expect(document.getElementById('phone-error')).toHaveTextContent('Try again in 25 minutes.'));
  const notice = screen.getByRole('status');
  expect(notice).toHaveTextContent(en['setup.paused.saved']);
  expect(notice).toHaveTextContent(en['setup.paused.later']);
});

test('the pause is told in French too', async () => {
  const user = userEvent.setup();
  await renderApp('/fr/signUp/verificationsetup', {
    journeys: { signup: JOURNEY.signup.created },
    api: { 'POST /v1/otp/transient_otp/send': fail('38', { retryAfter: 60 }, 503) },
  });
  await typeAndPress(user, fr['phone.label'], '613 555 0100', fr['setup.submit']);
  await waitFor(() => expect(document.getElementById('phone-error')).toHaveTextContent('Réessayez dans 1 minute.'));
  expect(screen.getByRole('status')).toHaveTextContent(fr['setup.paused.saved']);
});

test('the country search filters the list only after 250 ms', async () => {
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await renderApp('/en/signUp/verificationsetup', { ...CREATED, config: EVERY_COUNTRY });
    const select = screen.getByLabelText(en['phone.countryLabel']);
    const before = within(select).getAllByRole('option').length;
    await user.type(screen.getByLabelText(en['phone.searchLabel']), 'ger');
    act(() => jest.advanceTimersByTime(200));
    expect(within(select).getAllByRole('option')).toHaveLength(before);
    act(() => jest.advanceTimersByTime(60));
    expect(within(select).getByRole('group', { name: en['phone.chosenGroup'] })).toHaveTextContent('Canada (+1)');
    const found = within(select).getByRole('group', { name: '3 countries match' });
    expect(within(found).getAllByRole('option').map((o) => o.textContent)).toEqual(['Algeria (+213)', 'Germany (+49)', 'Nigeria (+234)']);
    expect(document.getElementById('country-search-count')).toHaveTextContent('3 countries match');
  } finally {
    jest.useRealTimers();
  }
});

describe('the country search chooses', () => {
  async function search(path) {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const rendered = await renderApp(path, { ...CREATED, config: EVERY_COUNTRY });
    return { user, ...rendered };
  }
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a search that finds one country makes it the chosen country, with its digit count', async () => {
    const { user } = await search('/en/signUp/verificationsetup');
    await user.type(screen.getByLabelText(en['phone.searchLabel']), 'France');
    act(() => jest.advanceTimersByTime(260));
    const select = screen.getByLabelText(en['phone.countryLabel']);
    expect(select).toHaveValue('FR');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['France (+33)']);
    expect(document.getElementById('dial-code')).toHaveTextContent('+33');
    expect(document.getElementById('phone-hint')).toHaveTextContent('Enter the 9-digit number without the country code. For example: 06 12 34 56 78');
    expect(document.getElementById('country-search-count')).toHaveTextContent('1 country matches: France (+33). It is now the chosen country.');
  });

  test('in French too', async () => {
    const { user } = await search('/fr/signUp/verificationsetup');
    await user.type(screen.getByLabelText(fr['phone.searchLabel']), 'allem');
    act(() => jest.advanceTimersByTime(260));
    expect(screen.getByLabelText(fr['phone.countryLabel'])).toHaveValue('DE');
    expect(document.getElementById('country-search-count')).toHaveTextContent('Allemagne (+49)');
  });

  test('Enter in the search box chooses the first country found and does not send the form', async () => {
    const { user, calls } = await search('/en/signUp/verificationsetup');
    await user.type(screen.getByLabelText(en['phone.searchLabel']), 'ger{Enter}');
    expect(screen.getByLabelText(en['phone.countryLabel'])).toHaveValue('DZ');
    expect(calls.posts()).toHaveLength(0);
  });
});

test('choosing another country changes the dial code and the digit count', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/verificationsetup', { ...CREATED, config: EVERY_COUNTRY });
  await user.selectOptions(screen.getByLabelText(en['phone.countryLabel']), 'FR');
  expect(document.getElementById('dial-code')).toHaveTextContent('+33');
  await submitPhone(user, '06 12 34');
  expect(document.getElementById('phone-error')).toHaveTextContent('Phone number must be 9 digits.');
});

test('the number takes the chosen country\'s format as it is typed, and is sent as + and digits', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/fr/signUp/verificationsetup', {
    journeys: { signup: JOURNEY.signup.created },
    api: { 'POST /v1/otp/transient_otp/send': SENT },
  });
  expect(screen.getByText(/Par exemple : \(506\) 234-5678/)).toBeInTheDocument();
  const field = screen.getByLabelText(fr['phone.label']);
  await user.type(field, '6132345');
  expect(field).toHaveValue('(613) 234-5');
  await user.type(field, '678');
  expect(field).toHaveValue('(613) 234-5678');
  await user.click(screen.getByRole('button', { name: fr['setup.submit'] }));
  await waitFor(() => expect(calls.posts()[0].body).toMatchObject({ phoneNumber: '+16132345678' }));
});

test.each([
  ['en', 'The country is now France (+33): check the number, written again in that country\'s format.'],
  ['fr', 'Le pays choisi est maintenant France (+33) : vérifiez le numéro, réécrit selon le format de ce pays.'],
])('a number typed before the country changes takes the new country\'s format, and the person is told (%s)', async (language, told) => {
  const user = userEvent.setup();
  await renderApp(`/${language}/signUp/verificationsetup`, { ...CREATED, config: EVERY_COUNTRY });
  const words = texts[language];
  const field = screen.getByLabelText(words['phone.label']);
  await user.type(field, '6132345678');
  expect(field).toHaveValue('(613) 234-5678');
  await user.selectOptions(screen.getByLabelText(words['phone.countryLabel']), 'FR');
  expect(field).toHaveValue('6132345678');
  expect(document.getElementById('phone-retyped')).toHaveTextContent(told);
  await user.clear(field);
  await user.type(field, '0612345678');
  expect(field).toHaveValue('06 12 34 56 78');
});

test('choosing a country before any number is typed says nothing of the number', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/verificationsetup', { ...CREATED, config: EVERY_COUNTRY });
  await user.selectOptions(screen.getByLabelText(en['phone.countryLabel']), 'FR');
  expect(document.getElementById('phone-retyped')).toBeEmptyDOMElement();
});

test('deleting inside the formatted number is left as the person does it', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
  const field = screen.getByLabelText(en['phone.label']);
  await user.type(field, '613234');
  expect(field).toHaveValue('(613) 234');
  await user.type(field, '{Backspace}');
  expect(field).toHaveValue('(613) 23');
});

test('"my country is not listed" says the account cannot be created', async () => {
  await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
  expect(screen.getByText(en['setup.notListed.summary'])).toBeInTheDocument();
  expect(screen.getByText(en['setup.notListed.text'])).toBeInTheDocument();
});

test('a complete account whose lost phone was removed is told so, without a step counter', async () => {
  await renderApp('/fr/signUp/verificationsetup', { journeys: { signup: { ...JOURNEY.signup.created, newPhone: true } } });
  expect(screen.getByText(fr['setup.newPhone'])).toBeInTheDocument();
  expect(screen.queryByText(fr['setup.resumed'])).not.toBeInTheDocument();
  expect(screen.queryByText(/3 de 4|3 sur 4/)).not.toBeInTheDocument();
});

test('the countries listed are those the service texts or calls', async () => {
  await renderApp('/fr/signUp/verificationsetup', CREATED);
  const select = screen.getByLabelText(fr['phone.countryLabel']);
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Canada (+1)', 'États-Unis (+1)']);
});

test.each([
  ['en', 'We cannot send codes by phone call to numbers in this country. We can send them to numbers in Canada and United States.'],
  ['fr', "Nous ne pouvons pas envoyer de codes par appel aux numéros de ce pays. Nous pouvons les envoyer aux numéros de ces pays : Canada et États-Unis."],
])('a country the chosen channel does not serve is refused before any call, naming those it serves (%s)', async (language, told) => {
  const user = userEvent.setup();
  const { calls } = await renderApp(`/${language}/signUp/verificationsetup`, {
    ...CREATED,
    config: { policy: { ...DEFAULT_POLICY, phoneCountries: { sms: ['CA', 'US', 'FR'], voice: ['CA', 'US'] } } },
  });
  const words = texts[language];
  await user.selectOptions(screen.getByLabelText(words['phone.countryLabel']), 'FR');
  await user.type(screen.getByLabelText(words['phone.label']), '06 12 34 56 78');
  await user.click(screen.getByLabelText(words['setup.method.voice']));
  await user.click(screen.getByRole('button', { name: words['setup.submit'] }));
  expect(document.getElementById('phone-error')).toHaveTextContent(told);
  expect(calls.posts()).toHaveLength(0);
});

test.each([
  ['en', 'premium_rate'],
  ['fr', 'satellite'],
])('a number the server refuses for its kind shows the words for that kind (%s)', async (language, reason) => {
  const user = userEvent.setup();
  await renderApp(`/${language}/signUp/verificationsetup`, {
    ...CREATED,
    api: { 'POST /v1/otp/transient_otp/send': fail('52', { reason, channel: 'voice' }) },
  });
  const words = texts[language];
  await user.selectOptions(screen.getByLabelText(words['phone.countryLabel']), 'US');
  await user.type(screen.getByLabelText(words['phone.label']), '900 234 5678');
  await user.click(screen.getByRole('button', { name: words['setup.submit'] }));
  expect(await screen.findByRole('link', { name: words[`error.52.${reason}`] })).toHaveAttribute('href', '#phone');
  expect(document.getElementById('phone-error')).toHaveTextContent(words[`error.52.${reason}`]);
});
