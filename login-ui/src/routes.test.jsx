import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, SIGNIN, SIGNUP, texts } from './test/utils';

const { en } = texts;

test.each(['/nowhere', '/en/nowhere/deeper/still', '/de', '/de/signUp', '/en/signOut', '/en/signUp/unknownstep'])(
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

describe('older non-prefixed paths redirect to their prefixed form', () => {
  beforeAll(() => Object.defineProperty(window.navigator, 'languages', { value: ['en-CA'], configurable: true }));

  test.each([
    ['/signup/privacy', '/en/signUp/privacy', undefined],
    ['/signup', '/en/signUp', SIGNUP.privacy],
    ['/signup/verification/email', '/en/signUp/verification/email', SIGNUP.emailSent],
    ['/password', '/en/signUp/password', SIGNUP.emailValidated],
    ['/signup/verificationsetup', '/en/signUp/verificationsetup', SIGNUP.created],
    ['/verification', '/en/signUp/verification/sms', SIGNUP.phoneSent],
    ['/signup/profile', '/en/signUp/profile', SIGNUP.phoneVerified],
    ['/signin/selectverification', '/en/signIn/selectverification', SIGNIN.password],
  ])('%s goes to %s', async (path, target, userData) => {
    const { location } = await renderApp(path, { userData });
    expect(location()).toBe(target);
  });

  test('/password in a sign-in flow goes to the sign-in password', async () => {
    const { location } = await renderApp('/password', { userData: SIGNIN.email });
    expect(location()).toBe('/en/signIn/password');
  });
});

test('a reload keeps the flow: the stored session opens the guarded step', async () => {
  window.sessionStorage.setItem('idp.session.v1', JSON.stringify({ isAuthenticated: false, userData: SIGNUP.emailValidated }));
  const { location } = await renderApp('/en/signUp/password');
  expect(location()).toBe('/en/signUp/password');
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
  const { location } = await renderApp('/en/signUp', { userData: SIGNUP.privacy });
  await user.type(screen.getByLabelText(en['email.label']), 'ada@example.com');
  await user.click(screen.getByRole('link', { name: en['layout.otherLanguageName'] }));
  expect(location()).toBe('/fr/signUp');
  expect(screen.getByLabelText(texts.fr['email.label'])).toHaveValue('ada@example.com');
});
