import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, ok, renderApp, signedOut, texts } from './test/utils';

const { en } = texts;

test.each(['/nowhere', '/en/nowhere/deeper/still', '/de', '/de/signUp', '/en/signOut', '/en/signUp/unknownstep', '/en/signIn/privacy'])(
  'the unknown path %s redirects to /',
  async (path) => {
    const { location } = await renderApp(path);
    expect(location()).toBe('/');
  },
);

test('the flow segment is matched in any case and shown as signUp / signIn', async () => {
  const { location } = await renderApp('/en/signup/privacy');
  expect(location()).toBe('/en/signUp/privacy');
  expect(screen.getByRole('heading', { level: 1, name: en['privacy.title'] })).toBeInTheDocument();
});

describe('a journey screen asks the server where the journey stands', () => {
  test('it opens when its path is one of the journey\'s open screens', async () => {
    const { location } = await renderApp('/en/signUp/password', { journeys: { signup: JOURNEY.signup.emailVerified } });
    expect(location()).toBe('/en/signUp/password');
    expect(screen.getByRole('heading', { level: 1, name: en['password.signup.title'] })).toBeInTheDocument();
  });

  test('a screen the journey has left (Back after a step) is replaced by the journey\'s screen', async () => {
    const { location } = await renderApp('/en/signUp/password', { journeys: { signup: JOURNEY.signup.created } });
    expect(location()).toBe('/en/signUp/verificationsetup');
    expect(screen.getByRole('heading', { level: 1, name: en['setup.title'] })).toBeInTheDocument();
  });

  test('paths compare with the open screens in any case', async () => {
    const { location } = await renderApp('/en/signUp/verificationSetup', { journeys: { signup: JOURNEY.signup.created } });
    expect(location()).toBe('/en/signUp/verificationSetup');
  });

  test('without a journey the person goes to /', async () => {
    const { location } = await renderApp('/en/signUp/password');
    expect(location()).toBe('/');
  });

  test('a journey of another flow does not open the screen', async () => {
    const { location } = await renderApp('/en/signIn/selectverification', { journeys: { signup: JOURNEY.signup.created } });
    expect(location()).toBe('/');
  });

  test('nothing of the screen shows before the server answers', async () => {
    await renderApp('/en/signUp/password', {
      journeys: { signup: JOURNEY.signup.emailVerified },
      api: { 'GET /v1/session': { never: true } },
    });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  test('a session the server cannot answer for opens no journey screen: the Error screen says so', async () => {
    const { location } = await renderApp('/en/signUp/password', {
      api: { 'GET /v1/session': { status: 500, body: { success: false } } },
    });
    expect(location()).toBe('/en/error');
  });

  test('a reload (or a new tab) lands where the server says, whatever the browser kept', async () => {
    window.sessionStorage.setItem('idp.session.v2', JSON.stringify({ userData: { email: 'someone@else.example' } }));
    const { location } = await renderApp('/en/signUp/verification/email', { journeys: { signup: JOURNEY.signup.phoneSent } });
    expect(location()).toBe('/en/signUp/verification/sms');
  });
});

describe('older non-prefixed paths redirect to their prefixed form', () => {
  beforeAll(() => Object.defineProperty(window.navigator, 'languages', { value: ['en-CA'], configurable: true }));

  test.each([
    ['/signup/privacy', '/en/signUp/privacy', {}],
    ['/signup', '/en/signUp', { signup: JOURNEY.signup.privacy }],
    ['/signup/verification/email', '/en/signUp/verification/email', { signup: JOURNEY.signup.emailSent }],
    ['/signup/verificationsetup', '/en/signUp/verificationsetup', { signup: JOURNEY.signup.created }],
    ['/signup/profile', '/en/signUp/profile', { signup: JOURNEY.signup.phoneVerified }],
    ['/signin/selectverification', '/en/signIn/selectverification', { signin: JOURNEY.signin.password }],
  ])('%s goes to %s', async (path, target, journeys) => {
    const { location } = await renderApp(path, { journeys });
    expect(location()).toBe(target);
  });

  test('/password goes to the password screen of the sign-up journey the server holds', async () => {
    const { location } = await renderApp('/password', { journeys: { signup: JOURNEY.signup.emailVerified } });
    expect(location()).toBe('/en/signUp/password');
  });

  test('/password without a sign-up at its password step goes to the sign-in password', async () => {
    const { location } = await renderApp('/password', { userData: { email: 'ada@example.com' } });
    expect(location()).toBe('/en/signIn/password');
  });

  test('/verification goes to the code screen of the journey, with its code type', async () => {
    const { location } = await renderApp('/verification', { journeys: { signin: JOURNEY.signin.codeSent } });
    expect(location()).toBe('/en/signIn/verification/sms');
  });

  test('/verification without a code sent goes to /', async () => {
    const { location } = await renderApp('/verification');
    expect(location()).toBe('/');
  });
});

test('every page has one h1, a banner, a main and a contentinfo landmark', async () => {
  await renderApp('/en/signUp/privacy');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('main')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
});

test('the language toggle keeps the step and what the person typed', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/signUp', { journeys: { signup: JOURNEY.signup.privacy } });
  await user.type(screen.getByLabelText(en['email.label']), 'ada@example.com');
  await user.click(screen.getByRole('link', { name: en['layout.otherLanguageName'] }));
  expect(location()).toBe('/fr/signUp');
  await waitFor(() => expect(screen.getByLabelText(texts.fr['email.label'])).toHaveValue('ada@example.com'));
});

test('the header keeps the service title of the last page and shows it at once after a reload', async () => {
  window.sessionStorage.setItem('idp.session.v2', JSON.stringify({ userData: { service: 'Passports', language: 'en' } }));
  await renderApp('/en', { api: { 'GET /v1/session': { never: true }, 'GET /v1/services': { never: true } } });
  expect(screen.getByTestId('service-name')).toHaveTextContent('Passports');
});

test('a title kept in the other language is not shown', async () => {
  window.sessionStorage.setItem('idp.session.v2', JSON.stringify({ userData: { service: 'Passeports', language: 'fr' } }));
  await renderApp('/en', { api: { 'GET /v1/session': { never: true }, 'GET /v1/services': { never: true } } });
  expect(screen.getByTestId('service-name')).toBeEmptyDOMElement();
});

test('the service waiting for this sign-in is kept for the next reload', async () => {
  await renderApp('/en', { api: { 'GET /v1/session': ok({ service: { id: 2, title: 'Passports' }, journeys: {} }) } });
  expect(JSON.parse(window.sessionStorage.getItem('idp.session.v2')).userData).toMatchObject({ service: 'Passports', language: 'en' });
});

// GET /v1/session of a browser that holds no session, and says why
const withoutSession = (message, data = {}) => ({
  'GET /v1/session': ok({ authenticated: false, service: null, loginHint: null, journeys: {}, noSession: { message, data } }),
});
const ANY_REASON = ['home.signInFirst', 'error.20', 'error.46'];

describe('an unmet guard sends the person to / and says why, in the language of their flow', () => {
  test.each([
    ['en', '/en/signUp/password'],
    ['fr', '/fr/signUp/profile'],
    ['fr', '/fr/signIn/selectverification'],
  ])('in %s from %s, a browser without its session cookie is told so', async (language, path) => {
    // the browser of these tests prefers English
    const { location } = await renderApp(path, { api: withoutSession('46') });
    expect(location()).toBe('/');
    const home = screen.getByRole('heading', { level: 1, name: texts[language]['home.title'] });
    expect(home).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(texts[language]['error.46']);
    expect(document.documentElement.lang).toBe(language);
  });

  test('a page whose session expired says after how long', async () => {
    await renderApp('/fr/signUp/password', { api: withoutSession('45', { minutes: 30 }) });
    expect(screen.getByRole('status')).toHaveTextContent(/Cette page a expiré.*30 minutes d'inactivité/);
  });

  test('a journey gone from a browser that holds its session went on in another tab', async () => {
    await renderApp('/en/signUp/password');
    expect(screen.getByRole('status')).toHaveTextContent(en['error.20']);
  });

  test('a page opened signed out asks to sign in, claiming nothing, and keeps the page for the sign-in', async () => {
    await renderApp('/fr/account/activity', { api: signedOut });
    expect(screen.getByRole('status')).toHaveTextContent(texts.fr['home.signInFirst']);
    expect(JSON.parse(window.sessionStorage.getItem('idp.session.v2')).userData.next).toBe('/fr/account/activity');
  });

  const expired = { 'GET /v1/profile': fail('45', { minutes: 30 }, 401) };

  test('a page the person was on when the session expired says so, with the sign-in page words', async () => {
    // a history entry of this tab (react-router keys the tab's first entry 'default')
    await renderApp({ pathname: '/fr/account/activity', key: 'seen' }, { api: expired });
    expect(screen.getByRole('status')).toHaveTextContent(/Cette page a expiré.*30 minutes d'inactivité/);
  });

  test('a page opened from outside in a browser whose session expired only asks to sign in', async () => {
    await renderApp('/en/account/activity', { api: expired });
    expect(screen.getByRole('status')).toHaveTextContent(en['home.signInFirst']);
  });

  test('an unknown path goes to / without a reason', async () => {
    await renderApp('/en/nowhere');
    ANY_REASON.forEach((id) => expect(screen.queryByText(en[id])).not.toBeInTheDocument());
  });

  test('the home page the person opens says nothing of a session', async () => {
    await renderApp('/fr');
    ANY_REASON.forEach((id) => expect(screen.queryByText(texts.fr[id])).not.toBeInTheDocument());
  });

  test('an older path in a French sign-up stays French', async () => {
    const { location } = await renderApp('/password', { journeys: { signup: { ...JOURNEY.signup.emailVerified, emailLanguage: 'fr' } } });
    expect(location()).toBe('/fr/signUp/password');
  });

  test('an older path without a journey goes home saying why', async () => {
    const { location } = await renderApp('/verification', { api: withoutSession('46') });
    expect(location()).toBe('/');
    expect(screen.getByRole('status')).toHaveTextContent(en['error.46']);
  });
});
