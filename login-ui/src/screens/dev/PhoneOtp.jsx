import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { useDemoPages } from '../../components/AppConfig';
import { Button, Notice } from '../../components/fields';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';

const PAGE = 'phoneOtp';

// /{language}/phoneotp (development only): plays the newest voice code of the dev outbox.
export default function PhoneOtp() {
  const enabled = useDemoPages();
  if (!enabled) return <Navigate to="/" replace />;
  return <PhoneOtpDemo />;
}

function PhoneOtpDemo() {
  const t = useT();
  const [state, setState] = useState({ loading: true, message: null, failed: false });
  const load = useCallback(
    () =>
      api.devOutbox().then(
        (answer) => {
          const messages = (answer && answer.messages) || [];
          const voice = messages.find((m) => m.channel === 'voice') || null;
          setState({ loading: false, message: voice, failed: false });
        },
        () => setState({ loading: false, message: null, failed: true }),
      ),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);
  const { message } = state;
  return (
    <Page pageName={PAGE} title={t('phoneotp.title')}>
      <p className="lead">{t('phoneotp.lead')}</p>
      <div aria-live="polite">
        {state.loading ? <p>{t('phoneotp.loading')}</p> : null}
        {state.failed ? (
          <Notice kind="error">
            <p>{t('phoneotp.failed')}</p>
          </Notice>
        ) : null}
        {!state.loading && !state.failed && !message ? <p>{t('phoneotp.none')}</p> : null}
      </div>
      {message ? (
        <div className="voice-message">
          <h2>{t('phoneotp.latest', { to: message.to || '' })}</h2>
          <audio controls src={`/dev/outbox/${encodeURIComponent(message.id)}/audio.wav`} data-testid="voice-audio">
            <a href={`/dev/outbox/${encodeURIComponent(message.id)}/audio.wav`}>{t('phoneotp.download')}</a>
          </audio>
          <h3>{t('phoneotp.transcript')}</h3>
          <p className="voice-message__body">{message.body}</p>
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          load();
        }}
      >
        <Button secondary>{t('phoneotp.refresh')}</Button>
      </form>
    </Page>
  );
}
