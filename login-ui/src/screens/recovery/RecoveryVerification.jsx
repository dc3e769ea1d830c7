import { api } from '../../api/v1';
import { BackLink } from '../../components/forms';
import SecondFactor from '../../components/SecondFactor';

const PAGE = 'recoveryVerification';

// /{language}/forgotpassword/verification: the second factor, by whichever method the
// server asks (the one the person used last, asked at once after the e-mail code), or
// another of theirs; recovery never skips it.
export default function RecoveryVerification() {
  return (
    <SecondFactor
      form={{ category: 'recovery', page: PAGE }}
      titleOf={() => 'recovery.twoStep.title'}
      verify={(answer) => api.recoveryCodeVerify(answer)}
      ask={(otpType) => api.recoveryCodeSend({ otpType })}
      after={<BackLink to="" labelId="password.signin.home" />}
    />
  );
}
