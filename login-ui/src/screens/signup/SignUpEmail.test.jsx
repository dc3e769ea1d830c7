import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../../api/v1';
import { codeSent, fail, JOURNEY, NO_ANSWER, renderApp, texts, typeAndPress } from '../../test/utils';

const { en, fr } = texts;
const PRIVACY = { journeys: { signup: JOURNEY.signup.privacy } };
const SENT = { 'POST /v1/otp/transient_otp/send': codeSent(JOURNEY.signup.emailSent, { trxnId: 'TX-1' }) };

const submitEmail = (user, email) => typeAndPress(user, en['email.label'], email, en['email.signup.submit']);

test('renders sign-up step 1 of 4 in English', async () => {
  await renderApp('/en/signUp', PRIVACY);
  expect(screen.getByRole('heading', { level: 1, name: en['email.signup.title'] })).toBeInTheDocument();
  expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
});

test('renders sign-up step 1 of 4 in French', async () => {
  await renderApp('/fr/signUp', PRIVACY);
  expect(screen.getByRole('heading', { level: 1, name: fr['email.signup.title'] })).toBeInTheDocument();
  expect(screen.getByText('Étape 1 sur 4')).toBeInTheDocument();
});

test('the correspondence language is a radio group that defaults to the current language', async () => {
  await renderApp('/fr/signUp', PRIVACY);
  const group = screen.getByRole('group', { name: fr['email.language.legend'] });
  expect(group.tagName).toBe('FIELDSET');
  expect(screen.getByLabelText(fr['email.language.fr'])).toBeChecked();
  expect(screen.getByLabelText(fr['email.language.eng'])).not.toBeChecked();
});

test('coming back to change the address shows the address and language of the journey', async () => {
  await renderApp('/fr/signUp', { journeys: { signup: JOURNEY.signup.emailSent } });
  expect(screen.getByLabelText(fr['email.label'])).toHaveValue('ada@example.com');
  expect(screen.getByLabelText(fr['email.language.eng'])).toBeChecked();
});

test('an invalid e-mail is refused before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signUp', PRIVACY);
  await submitEmail(user, 'ada@example.c');
  expect(screen.getAllByText(en['error.2.domain']).length).toBeGreaterThan(0);
  expect(calls.posts()).toHaveLength(0);
});

test('a valid e-mail sends an e-mail code in the chosen language and opens the screen the journey names', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signUp', { ...PRIVACY, api: SENT });
  await user.click(screen.getByLabelText(en['email.language.fr']));
  await submitEmail(user, 'ada@example.com');
  await waitFor(() => expect(location()).toBe('/en/signUp/verification/email'));
  expect(calls.posts()[0]).toMatchObject({
    path: '/v1/otp/transient_otp/send',
    body: { userName: 'ada@example.com', otpType: 'email', language: 'fr' },
  });
  expect(calls.posts()[0].init).toMatchObject({ credentials: 'same-origin' });
  expect(calls.posts()[0].init.headers['Content-Type']).toBe('application/json');
  expect(window.dataLayer).toContainEqual({ event: 'event', category: 'signup', action: 'signup_step1_submit_success', label: 'button' });
});

test('a server failure code is shown with its catalogue text on the field', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp', { ...PRIVACY, api: { 'POST /v1/otp/transient_otp/send': fail('25') } });
  await submitEmail(user, 'ada@example.com');
  expect(await screen.findByRole('link', { name: en['error.25'] })).toHaveAttribute('href', '#email');
  expect(document.getElementById('email-error')).toHaveTextContent(en['error.25']);
  expect(window.dataLayer.map((e) => e.action)).toContain('signup_step1_submit_error');
});

test('code 20 offers a link to start again', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp', { ...PRIVACY, api: { 'POST /v1/otp/transient_otp/send': fail('20', null, 409) } });
  await submitEmail(user, 'ada@example.com');
  expect(await screen.findByRole('link', { name: en['common.startAgain'] })).toHaveAttribute('href', '/');
});

test('a request without an answer in time says to check the connection and counts as a timeout', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp', { ...PRIVACY, api: { 'POST /v1/otp/transient_otp/send': NO_ANSWER } });
  configureApi({ timeoutMs: 50 });
  await submitEmail(user, 'ada@example.com');
  expect(await screen.findByRole('link', { name: en['error.page.noAnswer'] })).toBeInTheDocument();
  expect(window.dataLayer.map((e) => e.action)).toContain('signup_step1_submit_timeout');
});

test('no personal data goes to analytics', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp', { ...PRIVACY, api: SENT });
  await submitEmail(user, 'ada@example.com');
  await waitFor(() => expect(window.dataLayer.length).toBeGreaterThan(1));
  expect(JSON.stringify(window.dataLayer)).not.toContain('ada@example.com');
});

describe('the address is checked on change (section 5), without interrupting the first typing', () => {
  test('nothing is said while the address is first typed', async () => {
    const user = userEvent.setup();
    await renderApp('/en/signUp', PRIVACY);
    await user.type(screen.getByLabelText(en['email.label']), 'ad');
    expect(document.getElementById('email-error')).toBeNull();
  });

  test('once the field has been left, each change is checked', async () => {
    const user = userEvent.setup();
    await renderApp('/en/signUp', PRIVACY);
    const field = screen.getByLabelText(en['email.label']);
    await user.type(field, 'ada@example');
    await user.tab();
    await user.type(field, '.c');
    expect(document.getElementById('email-error')).toHaveTextContent(en['error.2.domain']);
    await user.type(field, 'a');
    expect(document.getElementById('email-error')).toBeNull();
  });

  test('once the form has been sent, each change is checked', async () => {
    const user = userEvent.setup();
    await renderApp('/en/signUp', PRIVACY);
    await user.click(screen.getByRole('button', { name: en['email.signup.submit'] }));
    const field = screen.getByLabelText(en['email.label']);
    await user.type(field, 'ada@example.ca');
    expect(document.getElementById('email-error')).toBeNull();
  });
});

test.each([
  ['en', 'ada.example.ca', 'error.2'],
  ['en', 'ada@example', 'error.2.domain'],
  ['fr', 'adé@example.ca', 'error.2.characters'],
  ['fr', 'ada@exemple', 'error.2.domain'],
])('%s: %s is refused with the message that names what is wrong', async (language, address, id) => {
  const user = userEvent.setup();
  const words = texts[language];
  await renderApp(`/${language}/signUp`, PRIVACY);
  await typeAndPress(user, words['email.label'], address, words['email.signup.submit']);
  expect(document.getElementById('email-error')).toHaveTextContent(words[id]);
});
