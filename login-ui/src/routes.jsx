// The route table of specification section 2. A screen of a journey opens when the server
// says so (Guard: its path is in the journey's `open`); entry screens need no journey.
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router-dom';
import GoHome from './components/GoHome';
import Guard from './components/Guard';
import Layout from './components/Layout';
import { browserLanguage, fromCorrespondence, isLanguage } from './i18n';
import PhoneOtp from './screens/dev/PhoneOtp';
import Home from './screens/home/Home';
import MethodsApp from './screens/methods/MethodsApp';
import MethodsChange from './screens/methods/MethodsChange';
import MethodsDone from './screens/methods/MethodsDone';
import MethodsPasskey from './screens/methods/MethodsPasskey';
import SignInMethods from './screens/methods/SignInMethods';
import AreYouSureEditYourName from './screens/profile/AreYouSureEditYourName';
import AreYouSureUpdateYourEmail from './screens/profile/AreYouSureUpdateYourEmail';
import ChangePassword from './screens/profile/ChangePassword';
import CheckYourEmail from './screens/profile/CheckYourEmail';
import CompleteTwoStepVerification from './screens/profile/CompleteTwoStepVerification';
import EnterNewEmail from './screens/profile/EnterNewEmail';
import EnterNewPhoneNumber from './screens/profile/EnterNewPhoneNumber';
import FirstVerifyItsYou from './screens/profile/FirstVerifyItsYou';
import PasswordChanged from './screens/profile/PasswordChanged';
import PhoneChanged from './screens/profile/PhoneChanged';
import ProfileHome from './screens/profile/ProfileHome';
import ProfileLanguage from './screens/profile/ProfileLanguage';
import ProfileNameEdit from './screens/profile/ProfileNameEdit';
import ProfileYouMayUpdateName from './screens/profile/ProfileYouMayUpdateName';
import VerifyNewPhone from './screens/profile/VerifyNewPhone';
import YouMayUpdateEmailAtOtherPlaces from './screens/profile/YouMayUpdateEmailAtOtherPlaces';
import ForgotPassword from './screens/recovery/ForgotPassword';
import NewPassword from './screens/recovery/NewPassword';
import RecoveryCheckEmail from './screens/recovery/RecoveryCheckEmail';
import RecoveryVerification from './screens/recovery/RecoveryVerification';
import RedirectToRp from './screens/redirect/RedirectToRp';
import Verification from './screens/shared/Verification';
import SelectVerification from './screens/signin/SelectVerification';
import SignInEmail from './screens/signin/SignInEmail';
import SignInPassword from './screens/signin/SignInPassword';
import CoreProfile from './screens/signup/CoreProfile';
import CreatePassword from './screens/signup/CreatePassword';
import Privacy from './screens/signup/Privacy';
import SignUpEmail from './screens/signup/SignUpEmail';
import VerificationSetup from './screens/signup/VerificationSetup';
import { useServerSession } from './session/ServerSession';
import { stepOf } from './session/journey';

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
  forgotpassword: [ForgotPassword, null],
  'forgotpassword/checkemail': [RecoveryCheckEmail, 'recovery'],
  'forgotpassword/verification': [RecoveryVerification, 'recovery'],
  'forgotpassword/newpassword': [NewPassword, 'recovery'],
  // the redirectTo of the last answer
  redirecttorp: [RedirectToRp, null],
  // for the person signed in (GET /v1/profile), else home
  profilehome: [ProfileHome, null],
  profilenameedit: [ProfileNameEdit, null],
  // the new name in router state
  areYouSureEditYourName: [AreYouSureEditYourName, null],
  profileYouMayUpdateName: [ProfileYouMayUpdateName, null],
  profilelanguage: [ProfileLanguage, null],
  // each change of a factor or a method starts with the password, then a second factor
  firstverifyitsyou: [FirstVerifyItsYou, null],
  'firstverifyitsyou/phone': [FirstVerifyItsYou, null],
  'firstverifyitsyou/password': [FirstVerifyItsYou, null],
  'firstverifyitsyou/methods': [FirstVerifyItsYou, null],
  completetwostepverification: [CompleteTwoStepVerification, 'email_change'],
  'completetwostepverification/phone': [CompleteTwoStepVerification, 'phone_change'],
  'completetwostepverification/password': [CompleteTwoStepVerification, 'password_change'],
  'completetwostepverification/methods': [CompleteTwoStepVerification, 'methods'],
  enternewemail: [EnterNewEmail, 'email_change'],
  checkyouremail: [CheckYourEmail, 'email_change'],
  areYouSureUpdateYourEmail: [AreYouSureUpdateYourEmail, 'email_change'],
  youMayUpdateEmailAtOtherPlaces: [YouMayUpdateEmailAtOtherPlaces, 'email_change'],
  enterNewPhoneNumber: [EnterNewPhoneNumber, 'phone_change'],
  verifynewphone: [VerifyNewPhone, 'phone_change'],
  phonechanged: [PhoneChanged, 'phone_change'],
  changepassword: [ChangePassword, 'password_change'],
  passwordchanged: [PasswordChanged, 'password_change'],
  // how you sign in: the list for the person signed in, then the change of a method
  signinmethods: [SignInMethods, null],
  'signinmethods/change': [MethodsChange, 'methods'],
  'signinmethods/app': [MethodsApp, 'methods'],
  'signinmethods/passkey': [MethodsPasskey, 'methods'],
  'signinmethods/done': [MethodsDone, 'methods'],
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

// Older non-prefixed paths: their prefixed form, in the language of the sign-up the server
// holds (a French flow stays French), else the browser's. /password and /verification go
// to the screen of the sign-up or sign-in journey the server holds.
const journeyScreen = (journeys, matches) =>
  ['signup', 'signin'].map((flow) => journeys[flow]).find((journey) => journey && matches(journey));

const LEGACY_PATHS = {
  '/signup': () => 'signUp',
  '/signup/privacy': () => 'signUp/privacy',
  '/signup/verification/email': () => 'signUp/verification/email',
  '/signup/verificationsetup': () => 'signUp/verificationsetup',
  '/signup/profile': () => 'signUp/profile',
  '/signin': () => 'signIn',
  '/signin/selectverification': () => 'signIn/selectverification',
  '/password': (journeys) => {
    const found = journeyScreen(journeys, (j) => j.open.some((screen) => /^sign(Up|In)\/password$/.test(screen)));
    return found && found.flow === 'signup' ? 'signUp/password' : 'signIn/password';
  },
  '/verification': (journeys) => {
    const found = journeyScreen(journeys, (j) => /\/verification\//.test(j.screen));
    return found ? found.screen : null;
  },
};

function Legacy({ to }) {
  const { pathname } = useLocation();
  const server = useServerSession();
  // the server's answer for this path first
  if (server.step !== stepOf(pathname)) return null;
  const target = to(server.journeys);
  const signup = server.journeys.signup;
  const language = signup && signup.emailLanguage ? fromCorrespondence(signup.emailLanguage) : browserLanguage();
  return target ? <Navigate to={`/${language}/${target}`} replace /> : <GoHome language={language} />;
}

export default function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        {Object.entries(LEGACY_PATHS).map(([path, to]) => (
          <Route key={path} path={path} element={<Legacy to={to} />} />
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
