import { Link } from 'react-router-dom';
import { api } from '../../api/v1';
import { BackLink } from '../../components/forms';
import { usePath, useT } from '../../components/hooks';
import SecondFactor from '../../components/SecondFactor';

const PAGE = 'recoveryVerification';

// "I can't use any of these": the way back of a person who can prove nothing but the address
// (forgotpassword/accountreset: delete the account and start again).
function NoneOfThese() {
  const t = useT();
  const path = usePath();
  return (
    <section aria-labelledby="account-reset-heading">
      <h2 id="account-reset-heading">{t('accountReset.offer.title')}</h2>
      <p>{t('accountReset.offer.text')}</p>
      <p>
        <Link to={path('forgotpassword/accountreset')}>{t('accountReset.offer.link')}</Link>
      </p>
    </section>
  );
}

// /{language}/forgotpassword/verification: the second factor, by whichever method the
// server asks (the one the person used last, asked at once after the e-mail code), or
// another of theirs; recovery never skips it. A person who can use none of them may ask to
// delete the account and start again.
export default function RecoveryVerification() {
  return (
    <SecondFactor
      form={{ category: 'recovery', page: PAGE }}
      titleOf={() => 'recovery.twoStep.title'}
      verify={(answer) => api.recoveryCodeVerify(answer)}
      ask={(otpType) => api.recoveryCodeSend({ otpType })}
      after={
        <>
          <NoneOfThese />
          <BackLink to="" labelId="password.signin.home" />
        </>
      }
    />
  );
}
