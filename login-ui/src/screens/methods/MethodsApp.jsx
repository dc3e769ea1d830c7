import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import CodePage from '../../components/CodePage';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';
import { startOf } from '../../session/changes';

const PAGE = 'signInMethodsApp';
// An authenticator app's code has six digits (RFC 6238).
const APP_DIGITS = 6;

// The QR code, and for people who cannot scan it the key in groups of four, with the
// issuer and account the app will show.
function Setup({ setup }) {
  const t = useT();
  return (
    <ol className="steps">
      <li>
        <p>{t('methods.app.install')}</p>
      </li>
      <li>
        <p>{t('methods.app.scan')}</p>
        <img className="qr-code" src={setup.qrImage} alt={t('methods.app.qrAlt', { issuer: setup.issuer, account: setup.account })} width="200" height="200" />
        <p>{t('methods.app.cannotScan')}</p>
        <dl className="summary-list summary-list--compact">
          <div className="summary-list__row">
            <dt className="summary-list__key">{t('methods.app.key')}</dt>
            <dd className="summary-list__value">
              <code className="secret" data-testid="app-key">
                {setup.key}
              </code>
            </dd>
          </div>
          <div className="summary-list__row">
            <dt className="summary-list__key">{t('methods.app.issuer')}</dt>
            <dd className="summary-list__value">{setup.issuer}</dd>
          </div>
          <div className="summary-list__row">
            <dt className="summary-list__key">{t('methods.app.account')}</dt>
            <dd className="summary-list__value">{setup.account}</dd>
          </div>
        </dl>
      </li>
      <li>
        <p>{t('methods.app.enter', { codeLength: APP_DIGITS })}</p>
      </li>
    </ol>
  );
}

// /{language}/signinmethods/app: the new app's secret, then its first code, which makes it
// count. The secret comes with the answer that started the setup and is shown this once; a
// reload asks for a new one.
export default function MethodsApp() {
  const t = useT();
  const { state: arrived } = useLocation();
  const [setup, setSetup] = useState(arrived && arrived.setup);
  const form = useForm({ category: 'profile', page: PAGE, restart: startOf('methods') });
  const back = <BackLink to="signinmethods" labelId="common.cancel" />;
  const onAgain = form.handle({
    action: async () => {
      const { qrImage, key, issuer, account } = (await api.methodsApp()).data;
      setSetup({ qrImage, key, issuer, account });
    },
  });
  if (!setup) {
    const words = { titleId: 'methods.app.title', leadId: 'methods.app.shownOnce', submitId: 'methods.app.again' };
    return <FormPage form={form} onSubmit={onAgain} {...words} after={back} />;
  }
  return (
    <CodePage
      form={form}
      titleId="methods.app.title"
      lead={t('methods.app.lead')}
      details={<Setup setup={setup} />}
      digits={APP_DIGITS}
      verify={(otp) => api.methodsAppConfirm({ otp })}
      carried={{ done: 'app' }}
      after={back}
    />
  );
}
