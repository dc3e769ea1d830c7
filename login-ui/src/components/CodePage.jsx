// Every screen that asks for a one-time code: the "new code sent" notice, where the code
// went, its expiry, the code field, and the resend area (a countdown from the wait the
// server gives, then "send me a new code" and, for phones, the other channel). A code the
// person holds (an authenticator app's, a backup code) has no notice, expiry or resend.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorCode, failureResult, RESULTS } from '../analytics';
import { api } from '../api/v1';
import { ERRORS, fromFailure } from '../i18n/errors';
import { normaliseBackupCode, validateBackupCode, validateCode } from '../validation';
import { usePolicy } from './AppConfig';
import { Notice, TextField } from './fields';
import { FormPage } from './forms';
import { useJourney, useJourneyUpdate } from './Guard';
import { useErrorText, useLanguage, useT } from './hooks';

const SPENT = [ERRORS.CODE_USED_UP, ERRORS.CODE_EXPIRED];

const otherChannel = (type) => (type === 'sms' ? 'voice' : 'sms');

// Seconds left before a new code may be asked for, counting down once a second.
function useCountdown(seconds) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

const waitOf = (value, fallback) => (Number.isInteger(value) && value >= 0 ? value : fallback);

// The first look at a code on its way, in ms; each next one waits twice as long.
const FIRST_LOOK_MS = 8000;

// While a sent code is on its way, ask the server now and then whether its delivery failed for
// good (journey.deliveryFailed): the job worker gives up only after a provider's refusal or the
// queue's last attempt, minutes after the screen opened. A few looks per code (8 s, 16 s,
// 32 s...) until it expires, none from a hidden tab; a failure found becomes the screen's journey.
function useDeliveryWatch(journey, update, expiryMinutes) {
  const language = useLanguage();
  const { flow, trxnId, deliveryFailed } = journey || {};
  useEffect(() => {
    if (!trxnId || deliveryFailed) return undefined;
    let live = true;
    let timer = null;
    let wait = FIRST_LOOK_MS;
    let waited = 0;
    const look = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const now = ((await api.session(language)).data.journeys || {})[flow];
          if (live && now && now.trxnId === trxnId && now.deliveryFailed) {
            update(now);
            return;
          }
        } catch {
          // no answer now: the next look asks again
        }
      }
      waited += wait;
      wait *= 2;
      if (live && waited < expiryMinutes * 60000) timer = setTimeout(look, wait);
    };
    timer = setTimeout(look, wait);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [flow, trxnId, deliveryFailed, language, update, expiryMinutes]);
}

// The code field of each kind: `digits` ASCII digits (sent codes, an app's), or a backup
// code of letters and digits.
function fieldOf(kind, t, policy, digits) {
  if (kind === 'backup') {
    const length = policy.backupCodeLength;
    return {
      label: t('verification.backup.label'),
      hint: t('verification.backup.hint', { length }),
      props: { inputMode: 'text', autoCapitalize: 'characters', size: length + 1 },
      check: (code) => validateBackupCode(code, length),
      typed: normaliseBackupCode,
    };
  }
  return {
    label: t('verification.codeLabel'),
    hint: t('verification.codeHint', { codeLength: digits }),
    props: { inputMode: 'numeric', size: digits },
    check: (code) => validateCode(code, digits),
    typed: (code) => code.replace(/\s+/g, ''),
  };
}

// A screen of a journey (Guard): the countdown starts from the journey's wait, the notice
// shows when the person arrived after asking for a new code (router state `resent`, or
// `announced`). form: the screen's useForm. channel: email, sms or voice, for a code sent.
// lead: where the code went; details follow it. kind: code (digits, `digits` of them) or backup. verify(otp)
// makes the call (its answer names the next screen); resend(otpType) asks for a new code
// (its answer gives the next wait; none for a code the person holds); onChannel(otpType,
// answer) follows a switch to the other phone channel. carried: router state for the
// screen after this one.
export default function CodePage({ form, titleId, channel, lead, details, kind = 'code', digits, verify, resend, onChannel, announced, carried, before, after }) {
  const t = useT();
  const errorText = useErrorText();
  const policy = usePolicy();
  const journey = useJourney();
  const updateJourney = useJourneyUpdate();
  const { state: arrived } = useLocation();
  // test mode: the server names the sample person's code, only when this code went to them
  const [code, setCode] = useState((journey && journey.testCode) || '');
  const [resent, setResent] = useState(Boolean(announced || (arrived && arrived.resent)));
  const [secondsLeft, restart] = useCountdown(waitOf(journey.resendAfter, policy.resendWaitSeconds));
  const field = fieldOf(kind, t, policy, digits || policy.codeLength);
  const undelivered = Boolean(resend && journey.deliveryFailed);
  useDeliveryWatch(resend ? journey : null, updateJourney, policy.codeExpiryMinutes);
  // a code that could not be delivered: a new one may be asked at once
  useEffect(() => {
    if (undelivered) restart(0);
  }, [undelivered, restart]);

  // After "send me a new code" the link the person pressed is gone: the focus goes to the
  // notice that says what happened (the countdown has no focusable element).
  const notice = useRef(null);
  const [resends, setResends] = useState(0);
  useEffect(() => {
    if (resends && notice.current) notice.current.focus();
  }, [resends]);

  const onSubmit = form.handle({
    field: 'verificationCode',
    check: () => ({ verificationCode: field.check(code) }),
    action: async () => {
      try {
        form.follow(await verify(field.typed(code)), carried);
      } catch (failure) {
        // a refusal never stands beside a success notice: "a new code was sent" goes
        setResent(false);
        // a code used up or expired cannot be tried again: a new one may be asked for at
        // once (the server keeps no wait for it)
        if (SPENT.includes(String(fromFailure(failure).code))) restart(0);
        throw failure;
      }
    },
  });

  const again = (switchChannel) => async (event) => {
    event.preventDefault();
    const otpType = switchChannel ? otherChannel(channel) : channel;
    try {
      const answer = await resend(otpType);
      // the new code may be a new transaction: the next verify answers the one the server names
      if ((answer.data || {}).journey) updateJourney(answer.data.journey);
      form.track(switchChannel ? `${RESULTS.requestNewCode}_${otpType}` : RESULTS.requestNewCode, 'link');
      form.clear();
      setCode('');
      setResent(true);
      setResends((count) => count + 1);
      restart(waitOf((answer.data || {}).resendAfter, policy.resendWaitSeconds));
      if (switchChannel) onChannel(otpType, answer);
    } catch (failure) {
      const error = fromFailure(failure);
      setResent(false);
      form.show({ verificationCode: error });
      // asked too soon: the countdown starts again from the server's wait
      if (String(error.code) === ERRORS.RESEND_TOO_SOON) restart(waitOf(error.data.retryAfter, 0));
      form.track(failureResult(failure), 'link', errorCode(failure));
    }
  };

  const resendArea = (
    <div className="resend" aria-live="polite">
      {secondsLeft > 0 ? (
        <p className="resend__countdown" data-testid="countdown" role="timer" aria-live="off">
          {t('verification.countdown', { seconds: secondsLeft })}
        </p>
      ) : (
        <ul className="link-list">
          <li>
            <a href="#resend" className="link-button" onClick={again(false)}>
              {t('verification.requestNewCode')}
            </a>
          </li>
          {channel !== 'email' && onChannel && policy.phoneChannels.includes(otherChannel(channel)) ? (
            <li>
              <a href="#switch" className="link-button" onClick={again(true)}>
                {t(`verification.switchTo.${otherChannel(channel)}`)}
              </a>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );

  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId={titleId}
      before={before}
      intro={
        <>
          {undelivered ? (
            <Notice kind="error">
              <p>{t(`verification.${channel}.undeliverable`)}</p>
            </Notice>
          ) : null}
          {resend && resent && !undelivered ? (
            <Notice kind="success" focusRef={notice}>
              <p>{t(`verification.${channel}.resent`)}</p>
            </Notice>
          ) : null}
          <p className="lead">{lead}</p>
          {details}
          {resend ? <p>{t('verification.expiry')}</p> : null}
        </>
      }
      after={
        <>
          {resend ? resendArea : null}
          {after}
        </>
      }
    >
      <TextField
        id="verificationCode"
        label={field.label}
        hint={field.hint}
        type="text"
        autoComplete="one-time-code"
        spellCheck={false}
        required
        inputClassName="input--code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errorText(form.errors.verificationCode)}
        {...field.props}
      />
    </FormPage>
  );
}
