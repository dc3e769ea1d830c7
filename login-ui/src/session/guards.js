// Route guards of specification section 4, computed from the session state.
// A guard that is not met sends the user to '/'.
import { validateEmail } from '../validation';

const hasValidEmail = (u) => !!u.email && validateEmail(u.email) === null;

export const signUpGuards = {
  // step 1: the privacy notice was viewed
  email: (u) => u.viewPrivacy,
  // step 2: a valid e-mail was entered and an e-mail code was sent
  verificationEmail: (u) => u.viewPrivacy && hasValidEmail(u) && !!u.trxnId,
  // step 3: the e-mail code was verified
  password: (u) => u.viewPrivacy && hasValidEmail(u) && u.emailValidated,
  // step 4: the password was submitted and the account created
  verificationSetup: (u) => signUpGuards.password(u) && u.passwordSubmitted && !!u.id,
  // step 5: phone entered and an sms or voice code sent
  verificationPhone: (u) => signUpGuards.verificationSetup(u) && u.stepVerificationSent && !!u.phone && !!u.trxnId,
  // step 6: phone code verified
  profile: (u) => signUpGuards.verificationSetup(u) && u.stepVerificationSent && u.stepVerified,
};

export const signInGuards = {
  password: (u) => hasValidEmail(u),
  selectVerification: (u) => hasValidEmail(u) && u.passwordValidated && !!u.phone && !!u.id,
  verification: (u) => signInGuards.selectVerification(u) && !!u.trxnId,
};

// Which guard applies to a screen of a flow; `type` is the verification type.
export function canOpen(flow, screen, userData, type) {
  const u = userData;
  if (flow === 'signup') {
    if (u.flow !== 'signup' && screen !== 'privacy') return false;
    switch (screen) {
      case 'privacy':
        return true;
      case 'email':
        return signUpGuards.email(u);
      case 'verification':
        if (type === 'email') return signUpGuards.verificationEmail(u) && u.otpType === 'email';
        return signUpGuards.verificationPhone(u) && u.otpType === type;
      case 'password':
        return signUpGuards.password(u);
      case 'verificationsetup':
        return signUpGuards.verificationSetup(u);
      case 'profile':
        return signUpGuards.profile(u);
      default:
        return false;
    }
  }
  if (flow === 'signin') {
    if (screen === 'email') return true;
    if (u.flow !== 'signin') return false;
    switch (screen) {
      case 'password':
        return signInGuards.password(u);
      case 'selectverification':
        return signInGuards.selectVerification(u);
      case 'verification':
        return type !== 'email' && signInGuards.verification(u) && u.otpType === type;
      default:
        return false;
    }
  }
  return false;
}
