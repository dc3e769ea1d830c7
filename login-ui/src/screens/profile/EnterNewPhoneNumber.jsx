import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import PhoneSetup, { usePhoneSetup } from '../../components/PhoneSetup';

const PAGE = 'enterNewPhoneNumber';

// /{language}/enterNewPhoneNumber: same widget and rules as sign-up, once the person proved
// it is them for this change; the old number stays until the new one is verified.
export default function EnterNewPhoneNumber() {
  const setup = usePhoneSetup();
  const form = useForm({ category: 'profile', page: PAGE, restart: 'firstverifyitsyou/phone' });
  const onSubmit = form.handle({
    field: 'phone',
    check: setup.check,
    // the typed number goes along: "send me a new code" sends it again
    action: async () => {
      const phoneNumber = setup.e164();
      form.follow(await api.profilePhone({ phoneNumber, otpType: setup.otpType }), { phoneNumber });
    },
  });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="profile.newPhone.title" leadId="profile.newPhone.lead" submitId="setup.submit" after={<BackLink />}>
      <PhoneSetup setup={setup} errors={form.errors} />
    </FormPage>
  );
}
