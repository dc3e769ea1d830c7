import { api } from '../../api/v1';
import CodePage from '../../components/CodePage';
import { BackLink, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';

const PAGE = 'checkYourEmail';

// /{language}/checkyouremail: the code sent to the new e-mail address.
export default function CheckYourEmail() {
  const t = useT();
  const { email } = useJourney();
  const form = useForm({ category: 'profile', page: PAGE, restart: 'firstverifyitsyou' });
  const back = <BackLink to="enternewemail" labelId="verification.newEmail" />;
  return (
    <CodePage
      form={form}
      titleId="profile.checkEmail.title"
      channel="email"
      lead={t('verification.email.sentTo', { destination: email })}
      verify={(otp) => api.profileEmailNewVerify({ otp })}
      resend={() => api.profileEmailNew({ email })}
      after={back}
    />
  );
}
