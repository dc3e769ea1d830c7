// What every code screen shows below its summary: the "new code sent" notice, where the
// code went, the code field, and the resend area (countdown, then "request a new code"
// and, for phones, the other channel). The screen owns the state and the calls.
import { useErrorText, useT } from './hooks';
import { Button, Notice, TextField } from './fields';
import { otherChannel } from '../screens/shared/countdown';
import { CODE_LENGTH } from '../validation';

export default function CodeEntry({ channel, lead, resent, code, onCodeChange, error, busy, onSubmit, secondsLeft, onResend, canSwitch }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <>
      {resent ? (
        <Notice kind="success">
          <p>{t(`verification.${channel}.resent`)}</p>
        </Notice>
      ) : null}
      <p className="lead">{lead}</p>
      <p>{t('verification.expiry')}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="verificationCode"
          label={t('verification.codeLabel')}
          hint={t('verification.codeHint', { length: CODE_LENGTH })}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          size={CODE_LENGTH}
          required
          inputClassName="input--code"
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          error={errorText(error)}
        />
        <Button busy={busy}>{t('common.continue')}</Button>
      </form>
      <div className="resend" aria-live="polite">
        {secondsLeft > 0 ? (
          <p className="resend__countdown" data-testid="countdown" role="timer" aria-live="off">
            {t('verification.countdown', { seconds: secondsLeft })}
          </p>
        ) : (
          <ul className="link-list">
            <li>
              <a href="#resend" className="link-button" onClick={onResend(false)}>
                {t('verification.requestNewCode')}
              </a>
            </li>
            {canSwitch ? (
              <li>
                <a href="#switch" className="link-button" onClick={onResend(true)}>
                  {t(`verification.switchTo.${otherChannel(channel)}`)}
                </a>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </>
  );
}
