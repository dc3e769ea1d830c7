// The route table of specification section 2.
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router-dom';
import Guard from './components/Guard';
import { flowSegment, normalizeFlow } from './components/hooks';
import Layout from './components/Layout';
import { browserLanguage, isLanguage } from './i18n';
import PhoneOtp from './screens/dev/PhoneOtp';
import Home from './screens/home/Home';
import AreYouSureEditYourName from './screens/profile/AreYouSureEditYourName';
import AreYouSureUpdateYourEmail from './screens/profile/AreYouSureUpdateYourEmail';
import CheckYourEmail from './screens/profile/CheckYourEmail';
import CompleteTwoStepVerification from './screens/profile/CompleteTwoStepVerification';
import EnterNewEmail from './screens/profile/EnterNewEmail';
import EnterNewPhoneNumber from './screens/profile/EnterNewPhoneNumber';
import FirstVerifyItsYou from './screens/profile/FirstVerifyItsYou';
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
import SelectVerification from './screens/signin/SelectVerification';
import CoreProfile from './screens/signup/CoreProfile';
import Privacy from './screens/signup/Privacy';
import VerificationSetup from './screens/signup/VerificationSetup';
import Email from './screens/shared/Email';
import Password from './screens/shared/Password';
import Verification from './screens/shared/Verification';
import { useSession } from './session/SessionContext';

// The profile pages, all under /{language}/, for the person signed in (else home).
export const PROFILE_PAGES = {
  profilehome: ProfileHome,
  profilenameedit: ProfileNameEdit,
  areYouSureEditYourName: AreYouSureEditYourName,
  profileYouMayUpdateName: ProfileYouMayUpdateName,
  firstverifyitsyou: FirstVerifyItsYou,
  completetwostepverification: CompleteTwoStepVerification,
  enternewemail: EnterNewEmail,
  checkyouremail: CheckYourEmail,
  areYouSureUpdateYourEmail: AreYouSureUpdateYourEmail,
  youMayUpdateEmailAtOtherPlaces: YouMayUpdateEmailAtOtherPlaces,
  enterNewPhoneNumber: EnterNewPhoneNumber,
  verifynewphone: VerifyNewPhone,
  phonechanged: PhoneChanged,
  profilelanguage: ProfileLanguage,
};

// "I forgot my password": each page checks on the server that its step is next.
export const RECOVERY_PAGES = {
  forgotpassword: ForgotPassword,
  'forgotpassword/checkemail': RecoveryCheckEmail,
  'forgotpassword/verification': RecoveryVerification,
  'forgotpassword/newpassword': NewPassword,
};

function LanguageSegment() {
  const { language } = useParams();
  // only en and fr (lower case) are languages; anything else is an unknown path
  if (!isLanguage(language)) return <Navigate to="/" replace />;
  return <Outlet />;
}

function FlowSegment() {
  const { language, flow } = useParams();
  const location = useLocation();
  const normalized = normalizeFlow(flow);
  if (!normalized) return <Navigate to="/" replace />;
  // canonical spelling of the segment: signUp / signIn
  if (flow !== flowSegment(normalized)) {
    const rest = location.pathname.split('/').slice(3).join('/');
    return <Navigate to={`/${language}/${flowSegment(normalized)}${rest ? `/${rest}` : ''}`} replace />;
  }
  return <Outlet />;
}

// Older non-prefixed paths: redirect to their prefixed form in the browser's language.
function Legacy({ to }) {
  const { state } = useSession();
  const language = browserLanguage();
  return <Navigate to={to(language, state.userData)} replace />;
}

const sessionFlow = (userData) => flowSegment(userData.flow === 'signin' ? 'signin' : 'signup');

export const LEGACY_PATHS = {
  '/signup': (l) => `/${l}/signUp`,
  '/signup/privacy': (l) => `/${l}/signUp/privacy`,
  '/signup/verification/email': (l) => `/${l}/signUp/verification/email`,
  '/signup/verificationsetup': (l) => `/${l}/signUp/verificationsetup`,
  '/signup/profile': (l) => `/${l}/signUp/profile`,
  '/signin': (l) => `/${l}/signIn`,
  '/signin/selectverification': (l) => `/${l}/signIn/selectverification`,
  '/password': (l, u) => `/${l}/${sessionFlow(u)}/password`,
  '/verification': (l, u) => `/${l}/${sessionFlow(u)}/verification/${u.otpType || 'email'}`,
};

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
          <Route path="redirecttorp" element={<RedirectToRp />} />
          <Route path="phoneotp" element={<PhoneOtp />} />
          {Object.entries({ ...PROFILE_PAGES, ...RECOVERY_PAGES }).map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path=":flow" element={<FlowSegment />}>
            <Route index element={<Guard screen="email"><Email /></Guard>} />
            <Route path="privacy" element={<Guard screen="privacy"><Privacy /></Guard>} />
            <Route path="verification/:type" element={<Guard screen="verification"><Verification /></Guard>} />
            <Route path="password" element={<Guard screen="password"><Password /></Guard>} />
            <Route
              path="verificationsetup"
              element={<Guard screen="verificationsetup"><VerificationSetup /></Guard>}
            />
            <Route
              path="selectverification"
              element={<Guard screen="selectverification"><SelectVerification /></Guard>}
            />
            <Route path="profile" element={<Guard screen="profile"><CoreProfile /></Guard>} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
