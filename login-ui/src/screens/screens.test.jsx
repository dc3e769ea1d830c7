// Every screen of the route table, in both languages, and the guard of every journey
// screen. What each screen does is tested beside it.
import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, signedIn, signedOut, texts } from '../test/utils';

const EMAIL = { userData: { email: 'ada@example.com' } };
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
  ['/signIn/lostphone', 'lostPhone.code.title', on('signin', JOURNEY.signin.lostPhoneSent)],
  ['/signIn/lostphone/requested', 'lostPhone.requested.title', on('signin', JOURNEY.signin.phoneResetRequested)],
  ['/phonereset/cancel', 'phoneReset.cancel.title', {}],
  ['/forgotpassword', 'recovery.email.title', {}],
  ['/forgotpassword/checkemail', 'recovery.checkEmail.title', on('recovery', JOURNEY.recovery.emailSent)],
  ['/forgotpassword/verification', 'recovery.twoStep.title', on('recovery', JOURNEY.recovery.phoneSent)],
  ['/forgotpassword/newpassword', 'recovery.password.title', on('recovery', JOURNEY.recovery.phoneVerified)],
  ['/forgotpassword/accountreset', 'accountReset.ask.title', on('recovery', JOURNEY.recovery.addressOnly)],
  ['/forgotpassword/accountreset/requested', 'accountReset.requested.title', on('recovery', JOURNEY.recovery.resetRequested)],
  ['/forgotpassword/accountreset/delete', 'accountReset.delete.title', on('recovery', JOURNEY.recovery.resetDue)],
  ['/accountreset/cancel', 'accountReset.cancel.title', {}],
  ['/redirecttorp', 'redirect.title', { userData: { redirectTo: '/authorize/resume/x', flow: 'signin' } }],
  ['/profilehome', 'profile.home.title', { api: signedIn() }],
  ['/profilenameedit', 'profile.nameEdit.title', { api: signedIn() }],
  ['/profileYouMayUpdateName', 'profile.nameDone.title', { api: signedIn() }],
  ['/profilelanguage', 'profile.languageEdit.title', { api: signedIn() }],
  ['/firstverifyitsyou', 'profile.verify.title', { api: signedIn() }],
  ['/firstverifyitsyou/phone', 'profile.verify.title', { api: signedIn() }],
  ['/firstverifyitsyou/password', 'profile.verify.title', { api: signedIn() }],
  ['/firstverifyitsyou/methods', 'profile.verify.title', { api: signedIn() }],
  ['/completetwostepverification', 'profile.twoStep.title', on('email_change', JOURNEY.emailChange.codeSent)],
  ['/completetwostepverification/phone', 'profile.twoStep.title', on('phone_change', JOURNEY.phoneChange.codeSent)],
  ['/completetwostepverification/password', 'profile.twoStep.title', on('password_change', JOURNEY.passwordChange.codeSent)],
  ['/completetwostepverification/methods', 'profile.twoStep.title', on('methods', JOURNEY.methods.codeSent)],
  ['/enternewemail', 'profile.newEmail.title', on('email_change', JOURNEY.emailChange.reauthenticated)],
  ['/checkyouremail', 'profile.checkEmail.title', on('email_change', JOURNEY.emailChange.newEmailSent)],
  ['/areYouSureUpdateYourEmail', 'profile.emailConfirm.title', on('email_change', JOURNEY.emailChange.newEmailVerified)],
  ['/youMayUpdateEmailAtOtherPlaces', 'profile.emailDone.title', on('email_change', JOURNEY.emailChange.completed)],
  ['/enterNewPhoneNumber', 'profile.newPhone.title', on('phone_change', JOURNEY.phoneChange.reauthenticated)],
  ['/verifynewphone', 'verification.sms.title', on('phone_change', JOURNEY.phoneChange.newPhoneSent)],
  ['/phonechanged', 'profile.phoneDone.title', on('phone_change', JOURNEY.phoneChange.completed)],
  ['/changepassword', 'profile.newPassword.title', on('password_change', JOURNEY.passwordChange.reauthenticated)],
  ['/passwordchanged', 'profile.passwordDone.title', on('password_change', JOURNEY.passwordChange.completed)],
  ['/signinmethods', 'methods.title', { api: signedIn() }],
  ['/signinmethods/change', 'methods.change.title', on('methods', JOURNEY.methods.reauthenticated)],
  ['/signinmethods/app', 'methods.app.title', on('methods', JOURNEY.methods.appPending)],
  ['/signinmethods/passkey', 'methods.passkey.title', on('methods', JOURNEY.methods.passkeyPending)],
  ['/signinmethods/done', 'methods.done.saved.title', on('methods', JOURNEY.methods.completed)],
  ['/signIn/verification/app', 'verification.app.title', on('signin', JOURNEY.signin.app)],
  ['/signIn/verification/backup', 'verification.backup.title', on('signin', JOURNEY.signin.backup)],
  ['/signIn/verification/passkey', 'verification.passkey.title', on('signin', JOURNEY.signin.passkey)],
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
