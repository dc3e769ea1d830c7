// The route table of specification section 2. A screen of a journey opens when the server
// says so (Guard: its path is in the journey's `open`); entry screens need no journey.
import { lazy } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router-dom';
import Guard from './components/Guard';
import Layout from './components/Layout';
import later from './components/later';
import { isLanguage } from './i18n';
import ErrorScreen from './screens/error/ErrorScreen';
import Home from './screens/home/Home';
import SignInEmail from './screens/signin/SignInEmail';

// The entry chunk holds the first screen (home, where /authorize sends a person), the
// sign-in e-mail screen and the Error screen (shown when the network may bring no chunk);
// every other screen is in a later chunk of its flow, fetched with the later part of the
// messages when its route first renders (components/later.jsx; Layout shows PageLoading
// meanwhile; a navigation keeps the page it leaves until then). The phone widget and its metadata are a chunk of their own
// (webpack.config.js), fetched with the first screen that needs them. The chunks the home
// page leads to (the password of a sign-in, sign-up, the second factor of a sign-in) are
// prefetched once the browser is idle.
// The sign-in password screen is a chunk of its own, out of the first screen's 100 KB
// (bench/ui_bundle_size.py); its messages stay in the first part, so it waits for no other.
const SignInPassword = lazy(() => import(/* webpackChunkName: "signin", webpackPrefetch: true */ './screens/signin/SignInPassword'));
const Verification = later(() => import(/* webpackChunkName: "verification", webpackPrefetch: true */ './screens/shared/Verification'));
const LostPhone = later(() => import(/* webpackChunkName: "verification" */ './screens/signin/LostPhone'));
const PhoneResetRequested = later(() => import(/* webpackChunkName: "verification" */ './screens/signin/PhoneResetRequested'));
const SelectVerification = later(() => import(/* webpackChunkName: "verification" */ './screens/signin/SelectVerification'));
const Privacy = later(() => import(/* webpackChunkName: "signup", webpackPrefetch: true */ './screens/signup/Privacy'));
const SignUpEmail = later(() => import(/* webpackChunkName: "signup" */ './screens/signup/SignUpEmail'));
const CreatePassword = later(() => import(/* webpackChunkName: "signup" */ './screens/signup/CreatePassword'));
// sign-up's phone step a chunk apart: the phone widget's chunks come with it, not with the
// privacy notice and the e-mail steps before it
const VerificationSetup = later(() => import(/* webpackChunkName: "signup-phone" */ './screens/signup/VerificationSetup'));
const CoreProfile = later(() => import(/* webpackChunkName: "signup" */ './screens/signup/CoreProfile'));
const RedirectToRp = later(() => import(/* webpackChunkName: "redirect" */ './screens/redirect/RedirectToRp'));
const ForgotPassword = later(() => import(/* webpackChunkName: "recovery" */ './screens/recovery/ForgotPassword'));
const NewPassword = later(() => import(/* webpackChunkName: "recovery" */ './screens/recovery/NewPassword'));
const RecoveryCheckEmail = later(() => import(/* webpackChunkName: "recovery" */ './screens/recovery/RecoveryCheckEmail'));
const RecoveryVerification = later(() => import(/* webpackChunkName: "recovery" */ './screens/recovery/RecoveryVerification'));
const AccountReset = later(() => import(/* webpackChunkName: "recovery" */ './screens/recovery/AccountReset'));
const AccountResetRequested = later(() => import(/* webpackChunkName: "recovery" */ './screens/recovery/AccountResetRequested'));
const AccountResetDelete = later(() => import(/* webpackChunkName: "recovery" */ './screens/recovery/AccountResetDelete'));
const profile = {
  AreYouSureEditYourName: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/AreYouSureEditYourName')),
  AreYouSureUpdateYourEmail: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/AreYouSureUpdateYourEmail')),
  ChangePassword: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/ChangePassword')),
  CheckYourEmail: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/CheckYourEmail')),
  CompleteTwoStepVerification: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/CompleteTwoStepVerification')),
  EnterNewEmail: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/EnterNewEmail')),
  EnterNewPhoneNumber: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/EnterNewPhoneNumber')),
  FirstVerifyItsYou: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/FirstVerifyItsYou')),
  PasswordChanged: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/PasswordChanged')),
  PhoneChanged: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/PhoneChanged')),
  ProfileHome: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/ProfileHome')),
  ProfileLanguage: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/ProfileLanguage')),
  ProfileNameEdit: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/ProfileNameEdit')),
  ProfileYouMayUpdateName: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/ProfileYouMayUpdateName')),
  VerifyNewPhone: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/VerifyNewPhone')),
  YouMayUpdateEmailAtOtherPlaces: later(() => import(/* webpackChunkName: "profile" */ './screens/profile/YouMayUpdateEmailAtOtherPlaces')),
};
const methods = {
  MethodsApp: later(() => import(/* webpackChunkName: "methods" */ './screens/methods/MethodsApp')),
  MethodsChange: later(() => import(/* webpackChunkName: "methods" */ './screens/methods/MethodsChange')),
  MethodsDone: later(() => import(/* webpackChunkName: "methods" */ './screens/methods/MethodsDone')),
  MethodsPasskey: later(() => import(/* webpackChunkName: "methods" */ './screens/methods/MethodsPasskey')),
  SignInMethods: later(() => import(/* webpackChunkName: "methods" */ './screens/methods/SignInMethods')),
};
const account = {
  WhereSignedIn: later(() => import(/* webpackChunkName: "account" */ './screens/account/WhereSignedIn')),
  ConnectedServices: later(() => import(/* webpackChunkName: "account" */ './screens/account/ConnectedServices')),
  AccountActivity: later(() => import(/* webpackChunkName: "account" */ './screens/account/AccountActivity')),
  NotMe: later(() => import(/* webpackChunkName: "account" */ './screens/account/NotMe')),
  CancelReset: later(() => import(/* webpackChunkName: "account" */ './screens/account/CancelReset')),
  DeleteAccount: later(() => import(/* webpackChunkName: "account" */ './screens/account/DeleteAccount')),
  AccountDeleted: later(() => import(/* webpackChunkName: "account" */ './screens/account/AccountDeleted')),
  DownloadInformation: later(() => import(/* webpackChunkName: "account" */ './screens/account/DownloadInformation')),
};
const CancelPhoneReset = () => <account.CancelReset kind="phone" />;
const CancelAccountReset = () => <account.CancelReset kind="account" />;
const PhoneOtp = later(() => import(/* webpackChunkName: "dev" */ './screens/dev/PhoneOtp'));

// path after /{language}/ → [screen, the flow whose journey guards it (null: an entry
// screen, or one that guards itself)]
const PAGES = {
  'signUp/privacy': [Privacy, null],
  signUp: [SignUpEmail, 'signup'],
  'signUp/verification/:type': [Verification, 'signup'],
  'signUp/password': [CreatePassword, 'signup'],
  'signUp/verificationsetup': [VerificationSetup, 'signup'],
  'signUp/profile': [CoreProfile, 'signup'],
  signIn: [SignInEmail, null],
  // the e-mail typed on the previous screen, or the sign-in journey
  'signIn/password': [SignInPassword, null],
  'signIn/selectverification': [SelectVerification, 'signin'],
  'signIn/verification/:type': [Verification, 'signin'],
  'signIn/lostphone': [LostPhone, 'signin'],
  'signIn/lostphone/requested': [PhoneResetRequested, 'signin'],
  forgotpassword: [ForgotPassword, null],
  'forgotpassword/checkemail': [RecoveryCheckEmail, 'recovery'],
  'forgotpassword/verification': [RecoveryVerification, 'recovery'],
  'forgotpassword/newpassword': [NewPassword, 'recovery'],
  // whoever can prove nothing but the address: the account's deletion asked, then (once due) done
  'forgotpassword/accountreset': [AccountReset, 'recovery'],
  'forgotpassword/accountreset/requested': [AccountResetRequested, 'recovery'],
  'forgotpassword/accountreset/delete': [AccountResetDelete, 'recovery'],
  // the redirectTo of the last answer
  redirecttorp: [RedirectToRp, null],
  // for the person signed in (GET /v1/profile), else home
  profilehome: [profile.ProfileHome, null],
  profilenameedit: [profile.ProfileNameEdit, null],
  // the new name in router state
  areYouSureEditYourName: [profile.AreYouSureEditYourName, null],
  profileYouMayUpdateName: [profile.ProfileYouMayUpdateName, null],
  profilelanguage: [profile.ProfileLanguage, null],
  // each change of a factor or a method starts with the password, then a second factor
  firstverifyitsyou: [profile.FirstVerifyItsYou, null],
  'firstverifyitsyou/phone': [profile.FirstVerifyItsYou, null],
  'firstverifyitsyou/password': [profile.FirstVerifyItsYou, null],
  'firstverifyitsyou/methods': [profile.FirstVerifyItsYou, null],
  'firstverifyitsyou/delete': [profile.FirstVerifyItsYou, null],
  'firstverifyitsyou/download': [profile.FirstVerifyItsYou, null],
  completetwostepverification: [profile.CompleteTwoStepVerification, 'email_change'],
  'completetwostepverification/phone': [profile.CompleteTwoStepVerification, 'phone_change'],
  'completetwostepverification/password': [profile.CompleteTwoStepVerification, 'password_change'],
  'completetwostepverification/methods': [profile.CompleteTwoStepVerification, 'methods'],
  'completetwostepverification/delete': [profile.CompleteTwoStepVerification, 'account_deletion'],
  'completetwostepverification/download': [profile.CompleteTwoStepVerification, 'information'],
  enternewemail: [profile.EnterNewEmail, 'email_change'],
  checkyouremail: [profile.CheckYourEmail, 'email_change'],
  areYouSureUpdateYourEmail: [profile.AreYouSureUpdateYourEmail, 'email_change'],
  youMayUpdateEmailAtOtherPlaces: [profile.YouMayUpdateEmailAtOtherPlaces, 'email_change'],
  enterNewPhoneNumber: [profile.EnterNewPhoneNumber, 'phone_change'],
  verifynewphone: [profile.VerifyNewPhone, 'phone_change'],
  phonechanged: [profile.PhoneChanged, 'phone_change'],
  changepassword: [profile.ChangePassword, 'password_change'],
  passwordchanged: [profile.PasswordChanged, 'password_change'],
  // how you sign in: the list for the person signed in, then the change of a method
  signinmethods: [methods.SignInMethods, null],
  'signinmethods/change': [methods.MethodsChange, 'methods'],
  'signinmethods/app': [methods.MethodsApp, 'methods'],
  'signinmethods/passkey': [methods.MethodsPasskey, 'methods'],
  'signinmethods/done': [methods.MethodsDone, 'methods'],
  // the account pages, for the person signed in
  'account/sessions': [account.WhereSignedIn, null],
  'account/services': [account.ConnectedServices, null],
  'account/activity': [account.AccountActivity, null],
  // the event in router state, from the activity
  'account/notme': [account.NotMe, null],
  // after the proof: the person's journey of the step guards it
  'account/delete': [account.DeleteAccount, 'account_deletion'],
  'account/download': [account.DownloadInformation, 'information'],
  // the session is gone: "Delete my account" carries the news in router state
  'account/deleted': [account.AccountDeleted, null],
  // the link of the notices of a lost phone's removal or an account's deletion (the token in
  // the fragment)
  'phonereset/cancel': [CancelPhoneReset, null],
  'accountreset/cancel': [CancelAccountReset, null],
  // a failure no form can show (ShowError)
  error: [ErrorScreen, null],
  // development only
  phoneotp: [PhoneOtp, null],
};

// The flow segment is matched in any case (/en/signup) and shown as signUp / signIn.
const FLOW_SEGMENTS = { signup: 'signUp', signin: 'signIn' };

function LanguageSegment() {
  const { language } = useParams();
  const { pathname } = useLocation();
  // only en and fr (lower case) are languages; anything else is an unknown path
  if (!isLanguage(language)) return <Navigate to="/" replace />;
  const parts = pathname.split('/');
  const canonical = FLOW_SEGMENTS[(parts[2] || '').toLowerCase()];
  if (canonical && parts[2] !== canonical) {
    parts[2] = canonical;
    return <Navigate to={parts.join('/')} replace />;
  }
  return <Outlet />;
}

// Older non-prefixed paths (the first release's), sent on by a chunk of their own
// (components/Legacy.jsx): few people still follow them.
const LEGACY_PATHS = [
  '/signup',
  '/signup/privacy',
  '/signup/verification/email',
  '/signup/verificationsetup',
  '/signup/profile',
  '/signin',
  '/signin/selectverification',
  '/password',
  '/verification',
];
const Legacy = lazy(() => import(/* webpackChunkName: "legacy" */ './components/Legacy'));

export default function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        {LEGACY_PATHS.map((path) => (
          <Route key={path} path={path} element={<Legacy from={path} />} />
        ))}
        <Route path=":language" element={<LanguageSegment />}>
          <Route index element={<Home />} />
          {Object.entries(PAGES).map(([path, [Screen, flow]]) => (
            <Route
              key={path}
              path={path}
              element={
                flow ? (
                  <Guard flow={flow}>
                    <Screen />
                  </Guard>
                ) : (
                  <Screen />
                )
              }
            />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
