// Every screen of the route table, in both languages, and the guard of every journey
// screen. What each screen does is tested beside it.
import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, signedIn, signedOut, texts } from '../test/utils';

const EMAIL = { userData: { email: 'ada@example.com' } };
const RECENT = { api: signedIn({}, { reverifyNeeded: false }) };
const on = (flow, view) => ({ journeys: { [flow]: view }, api: signedIn() });

// [path after /{language}, the h1's message id, what the browser and the server hold]
const SCREENS = [
  ['', 'home.title', {}],
  ['/signUp/privacy', 'privacy.title', {}],
  ['/signUp', 'email.signup.title', on('signup', JOURNEY.signup.privacy)],
  ['/signUp/verification/email', 'verification.email.title', on('signup', JOURNEY.signup.emailSent)],
  ['/signUp/password', 'password.signup.title', on('signup', JOURNEY.signup.emailVerified)],
  ['/signUp/verificationsetup', 'setup.title', on('signup', JOURNEY.signup.created)],
  ['/signUp/verification/sms', 'verification.sms.title', on('signup', JOURNEY.signup.phoneSent)],
  ['/signUp/profile', 'profile.core.title', on('signup', JOURNEY.signup.phoneVerified)],
  ['/signIn', 'email.signin.title', {}],
  ['/signIn/password', 'password.signin.title', EMAIL],
  ['/signIn/selectverification', 'select.title', on('signin', JOURNEY.signin.password)],
  ['/signIn/verification/sms', 'verification.sms.title', on('signin', JOURNEY.signin.codeSent)],
  ['/forgotpassword', 'recovery.email.title', {}],
  ['/forgotpassword/checkemail', 'recovery.checkEmail.title', on('recovery', JOURNEY.recovery.emailSent)],
  ['/forgotpassword/verification', 'recovery.twoStep.title', on('recovery', JOURNEY.recovery.phoneSent)],
  ['/forgotpassword/newpassword', 'recovery.password.title', on('recovery', JOURNEY.recovery.phoneVerified)],
  ['/redirecttorp', 'redirect.title', { userData: { redirectTo: '/authorize/resume/x', flow: 'signin' } }],
  ['/profilehome', 'profile.home.title', { api: signedIn() }],
  ['/profilenameedit', 'profile.nameEdit.title', { api: signedIn() }],
  ['/profileYouMayUpdateName', 'profile.nameDone.title', { api: signedIn() }],
  ['/profilelanguage', 'profile.languageEdit.title', { api: signedIn() }],
  ['/firstverifyitsyou', 'profile.verify.title', { api: signedIn() }],
  ['/completetwostepverification', 'profile.twoStep.title', on('email_change', JOURNEY.emailChange.codeSent)],
  ['/enternewemail', 'profile.newEmail.title', RECENT],
  ['/checkyouremail', 'profile.checkEmail.title', on('email_change', JOURNEY.emailChange.newEmailSent)],
  ['/areYouSureUpdateYourEmail', 'profile.emailConfirm.title', on('email_change', JOURNEY.emailChange.newEmailVerified)],
  ['/youMayUpdateEmailAtOtherPlaces', 'profile.emailDone.title', on('email_change', JOURNEY.emailChange.completed)],
  ['/enterNewPhoneNumber', 'profile.newPhone.title', { api: signedIn() }],
  ['/verifynewphone', 'verification.sms.title', on('phone_change', JOURNEY.phoneChange.codeSent)],
  ['/phonechanged', 'profile.phoneDone.title', on('phone_change', JOURNEY.phoneChange.completed)],
];

describe.each(['en', 'fr'])('in %s', (language) => {
  test.each(SCREENS)('%s shows its heading', async (path, titleId, setup) => {
    await renderApp(`/${language}${path}`, setup);
    expect(screen.getByRole('heading', { level: 1, name: texts[language][titleId] })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', language);
  });
});

test.each(SCREENS.filter(([, , setup]) => setup.journeys).map(([path]) => path))(
  '%s without its journey (or signed out) sends the person to /',
  async (path) => {
    const { location } = await renderApp(`/en${path}`);
    expect(location()).toBe('/');
  },
);

test.each(SCREENS.filter(([, , setup]) => setup.api && !setup.journeys).map(([path]) => path))(
  '%s for nobody signed in sends the person to /',
  async (path) => {
    const { location } = await renderApp(`/en${path}`, { api: signedOut });
    expect(location()).toBe('/');
  },
);
