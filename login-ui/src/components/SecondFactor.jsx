// The second factor, asked by any of the person's methods (sign-in, recovery, proving it is
// you before a change): a code sent by text message, call or e-mail (with the resend
// area), an authenticator app's code, a backup code or a passkey; and "choose another
// way" among the person's other methods (journey.methods).
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorCode, failureResult, RESULTS } from '../analytics';
import { fromFailure } from '../i18n/errors';
import { displayPhone } from '../phone/display';
import CodePage from './CodePage';
import { Notice } from './fields';
import { FormPage, useForm } from './forms';
import { useJourney } from './Guard';
import { useFollow } from '../session/journey';
import { useT } from './hooks';
import { WaitingReset } from './WaitingReset';
import { passkeysSupported, signWithPasskey, useCeremony } from './passkeys';

// Methods that send a code (the others the person holds).
export const SENT = ['sms', 'voice', 'email'];
// An authenticator app's code has six digits (RFC 6238), whatever the sent codes have.
const APP_DIGITS = 6;

// The analytics page of a method: the screen's own page for a code sent, else page-method.
const pageOf = (page, method) => (SENT.includes(method) ? page : `${page}-${method}`);

// "Use a passkey": the WebAuthn request options come with the answer that chose the method
// (router state); a reload, or a try that failed, asks the server for new ones.
function PasskeyPage({ form, titleId, publicKey, ask, verify, carried, before, after }) {
  const t = useT();
  const run = useCeremony(publicKey, async () => (await ask('passkey')).data.publicKey);
  const onSubmit = form.handle({
    action: async () => form.follow(await run(async (options) => verify({ credential: await signWithPasskey(options) })), carried),
  });
  const intro = passkeysSupported() ? null : (
    <Notice kind="error">
      <p>{t('verification.passkey.unsupported')}</p>
    </Notice>
  );
  const lead = t('verification.passkey.lead');
  return <FormPage form={form} onSubmit={onSubmit} titleId={titleId} lead={lead} before={before} intro={intro} submitId="verification.passkey.submit" after={after} />;
}

// "Choose another way": the person's other methods; choosing one asks for it at once.
function OtherWays({ form, methods, current, phone, ask, onAsked }) {
  const t = useT();
  const others = methods.filter((method) => method !== current);
  if (!others.length) return null;
  const choose = (method) => async (event) => {
    event.preventDefault();
    try {
      const answer = await ask(method);
      form.track(`${RESULTS.requestNewCode}_${method}`, 'link');
      onAsked(answer);
    } catch (failure) {
      form.show({ verificationCode: fromFailure(failure) });
      form.track(failureResult(failure), 'link', errorCode(failure));
    }
  };
  return (
    <>
      <h2>{t('otherWays.title')}</h2>
      <ul className="link-list">
        {others.map((method) => (
          <li key={method}>
            <a href={`#${method}`} className="link-button" onClick={choose(method)}>
              {t(`otherWays.${method}`, { phone: displayPhone(phone) })}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

// One method's page; it mounts afresh for each method the person chooses.
function MethodPage({ formOptions, titleOf, shown, verify, ask, onAsked, carried, otherWays, after }) {
  const t = useT();
  const { method, journey, publicKey, announced } = shown;
  const form = useForm({ ...formOptions, page: pageOf(formOptions.page, method) });
  const more = (
    <>
      {otherWays ? <OtherWays form={form} methods={journey.methods || []} current={method} phone={journey.phone} ask={ask} onAsked={onAsked} /> : null}
      {after}
    </>
  );
  // a reset that waits for the account: said before what is asked, which cancels it
  const common = { form, titleId: titleOf(method), carried, before: <WaitingReset reset={journey.waitingReset} />, after: more };
  if (method === 'passkey') return <PasskeyPage {...common} publicKey={publicKey} ask={ask} verify={verify} />;
  if (SENT.includes(method)) {
    const destination = method === 'email' ? journey.email : displayPhone(journey.phone);
    return (
      <CodePage
        {...common}
        channel={method}
        lead={t(`verification.${method}.sentTo`, { destination: destination || '' })}
        verify={(otp) => verify({ otp })}
        resend={ask}
        onChannel={(otpType, answer) => onAsked(answer)}
        announced={announced}
      />
    );
  }
  return (
    <CodePage
      {...common}
      kind={method === 'backup' ? 'backup' : 'code'}
      digits={APP_DIGITS}
      lead={t(`verification.${method}.lead`, { siteName: t('layout.siteName') })}
      verify={(otp) => verify({ otp })}
    />
  );
}

// form: {category, page, step, restart} of useForm; titleOf(method): the h1's message id;
// verify({otp} | {credential}) and ask(method) make the flow's calls. By default a method
// chosen instead stays on this screen; `relocate` follows its journey to its own screen
// (sign-in and sign-up, whose paths name the method). otherWays: offer the person's other
// methods here. carried: router state for the screen after the second factor (what a
// change of methods was about to do).
export default function SecondFactor({ form, titleOf, verify, ask, relocate = false, otherWays = true, carried, after }) {
  const journey = useJourney();
  const follow = useFollow();
  const { state: arrived } = useLocation();
  const [shown, setShown] = useState({ key: 0, method: journey.otpType, journey, publicKey: arrived && arrived.publicKey, announced: false });
  const onAsked = (answer) => {
    const next = answer.data.journey;
    if (relocate) {
      follow(answer, { resent: SENT.includes(next.otpType) });
      return;
    }
    setShown((before) => ({ key: before.key + 1, method: next.otpType, journey: next, publicKey: answer.data.publicKey, announced: SENT.includes(next.otpType) }));
  };
  return (
    <MethodPage
      key={shown.key}
      formOptions={form}
      titleOf={titleOf}
      shown={shown}
      verify={verify}
      ask={ask}
      onAsked={onAsked}
      carried={carried}
      otherWays={otherWays}
      after={after}
    />
  );
}
