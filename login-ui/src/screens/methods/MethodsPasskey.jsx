import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import { Notice, TextField } from '../../components/fields';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useErrorText, useT } from '../../components/hooks';
import { createPasskey, passkeysSupported, useCeremony } from '../../components/passkeys';
import { ERRORS } from '../../i18n/errors';
import { startOf } from '../../session/changes';

const PAGE = 'signInMethodsPasskey';
// The server's bound on a passkey's name (error 41 names it).
const NAME_MAX_LENGTH = 100;

// /{language}/signinmethods/passkey: the person names the passkey, then the browser makes
// it (navigator.credentials.create() with the options of the answer that started it, or
// new ones after a reload or a failed try) and the server registers it.
export default function MethodsPasskey() {
  const t = useT();
  const errorText = useErrorText();
  const { state: arrived } = useLocation();
  const run = useCeremony(arrived && arrived.publicKey, async () => (await api.methodsPasskey()).data.publicKey);
  const [name, setName] = useState('');
  const form = useForm({ category: 'profile', page: PAGE, restart: startOf('methods') });
  const typed = name.trim().replace(/\s+/g, ' ');
  const register = async (options) => api.methodsPasskeyRegister({ credential: await createPasskey(options), name: typed });
  const onSubmit = form.handle({
    field: 'passkeyName',
    check: () => ({
      passkeyName: typed && typed.length <= NAME_MAX_LENGTH ? null : { code: ERRORS.PASSKEY_NAME, data: { maxLength: NAME_MAX_LENGTH } },
    }),
    action: async () => form.follow(await run(register), { done: 'passkey' }),
  });
  const intro = passkeysSupported() ? null : (
    <Notice kind="error">
      <p>{t('verification.passkey.unsupported')}</p>
    </Notice>
  );
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="methods.passkey.title"
      leadId="methods.passkey.lead"
      intro={intro}
      submitId="methods.passkey.submit"
      after={<BackLink to="signinmethods" labelId="common.cancel" />}
    >
      <TextField
        id="passkeyName"
        label={t('methods.passkey.nameLabel')}
        hint={t('methods.passkey.nameHint')}
        type="text"
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errorText(form.errors.passkeyName)}
      />
    </FormPage>
  );
}
