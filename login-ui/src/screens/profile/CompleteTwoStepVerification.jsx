import { useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import { BackLink } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import SecondFactor from '../../components/SecondFactor';
import { CHANGE_OF_FLOW, startOf } from '../../session/changes';

const PAGE = 'completeTwoStepVerification';

// /{language}/completetwostepverification[/phone|/password|/methods]: the second factor of
// a change, one screen whatever the method (a code sent, an app's or backup code, a
// passkey), with the person's other methods.
export default function CompleteTwoStepVerification() {
  const { flow } = useJourney();
  const { state: arrived } = useLocation();
  const change = CHANGE_OF_FLOW[flow];
  return (
    <SecondFactor
      form={{ category: 'profile', page: PAGE, restart: startOf(change) }}
      titleOf={() => 'profile.twoStep.title'}
      verify={(answer) => api.reauthenticateCodeVerify(change, answer)}
      ask={(otpType) => api.reauthenticateCodeSend(change, { otpType })}
      carried={arrived && arrived.action ? { action: arrived.action } : undefined}
      after={<BackLink />}
    />
  );
}
