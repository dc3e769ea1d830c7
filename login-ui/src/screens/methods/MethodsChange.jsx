import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import { RadioGroup } from '../../components/fields';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useErrorText, usePath, useT } from '../../components/hooks';
import { actionsOf, useMethods } from '../../components/Methods';
import { startOf } from '../../session/changes';

const PAGE = 'signInMethodsChange';
const REMOVED = /^remove-(phone|app|backup|passkey)(?:-(\d+))?$/;

// The call of each action; its answer names the next screen, where what it carries shows.
async function run(action) {
  if (action === 'app') {
    const answer = await api.methodsApp();
    const { qrImage, key, issuer, account } = answer.data;
    return [answer, { setup: { qrImage, key, issuer, account } }];
  }
  if (action === 'passkey') return [await api.methodsPasskey(), undefined];
  if (action === 'backup') {
    const answer = await api.methodsBackupCodes();
    return [answer, { done: 'backup', codes: answer.data.codes }];
  }
  const [, method, id] = REMOVED.exec(action);
  return [await api.methodsRemove({ method, id: id ? Number(id) : undefined }), { done: 'removed', method }];
}

function ChangeForm({ methods }) {
  const t = useT();
  const errorText = useErrorText();
  const { state: arrived } = useLocation();
  const options = actionsOf(methods).map((option) => ({
    value: option.action,
    label: option.name
      ? t('methods.change.removePasskey', { name: option.name })
      : t(`methods.change.${option.action}${option.replaces ? '.again' : ''}`),
  }));
  const chosen = arrived && options.some((option) => option.value === arrived.action) ? arrived.action : null;
  const [action, setAction] = useState(chosen);
  const form = useForm({ category: 'profile', page: PAGE, restart: startOf('methods') });
  const onSubmit = form.handle({
    field: 'action',
    check: () => ({ action: action ? null : { id: 'methods.change.required' } }),
    action: async () => form.follow(...(await run(action))),
  });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="methods.change.title" leadId="methods.change.lead" after={<BackLink to="signinmethods" labelId="common.cancel" />}>
      <RadioGroup name="action" legend={t('methods.change.legend')} value={action} onChange={setAction} error={errorText(form.errors.action)} options={options} />
    </FormPage>
  );
}

// /{language}/signinmethods/change: the person proved it is them; the action chosen on
// the list (chosen again here when it did not come along) runs.
export default function MethodsChange() {
  const path = usePath();
  const { methods, status } = useMethods();
  // the list says the methods could not be read
  if (status === 'failed') return <Navigate to={path('signinmethods')} replace />;
  return status === 'ready' ? <ChangeForm methods={methods} /> : null;
}
