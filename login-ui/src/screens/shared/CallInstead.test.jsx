// A production service whose policy offers calls (notify.channels = email,sms,voice, with a voice
// provider): "call me instead" wherever a phone code is asked for, in English and in French; a
// service that offers texts alone shows none of it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POLICY } from '../../config';
import { codeSent, journey, JOURNEY, renderApp, texts } from '../../test/utils';

const { en, fr } = texts;
const LANGUAGES = [
  ['en', en],
  ['fr', fr],
];
const CALLS = { environment: 'production', policy: { ...DEFAULT_POLICY, phoneChannels: ['sms', 'voice'] } };
const TEXTS_ONLY = { environment: 'production', policy: { ...DEFAULT_POLICY, phoneChannels: ['sms'] } };
const TEXT_SENT = { ...JOURNEY.signup.phoneSent, resendAfter: 0 };
const CALL_SENT = journey('signup', 'PHONE_CODE_SENT', { ...JOURNEY.signup.phoneSent, otpType: 'voice', resendAfter: 20 });

test.each(LANGUAGES)('the phone step of sign-up offers a call beside the text (%s)', async (language, words) => {
  await renderApp(`/${language}/signUp/verificationsetup`, { journeys: { signup: JOURNEY.signup.created }, config: CALLS });
  expect(screen.getByLabelText(words['setup.method.sms'])).toBeChecked();
  expect(screen.getByLabelText(words['setup.method.voice'])).not.toBeChecked();
  expect(screen.getByText(words['setup.method.voiceHint'].replace('{codeLength}', '6'))).toBeInTheDocument();
});

test.each(LANGUAGES)('a text message code screen offers to call instead, which calls and opens the call screen (%s)', async (language, words) => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp(`/${language}/signUp/verification/sms`, {
    journeys: { signup: TEXT_SENT },
    config: CALLS,
    api: { 'POST /v1/otp/transient_otp/send': codeSent(CALL_SENT, { type: 'voiceotp' }) },
  });
  await user.click(screen.getByRole('link', { name: words['verification.switchTo.voice'] }));
  await waitFor(() => expect(location()).toBe(`/${language}/signUp/verification/voice`));
  expect(calls.posts()[0].body).toMatchObject({ otpType: 'voice', phoneNumber: '+16135550100' });
  expect(await screen.findByRole('heading', { level: 1, name: words['verification.voice.title'] })).toBeInTheDocument();
  expect(screen.getByText(words['verification.voice.resent'])).toBeInTheDocument();
});

test.each(LANGUAGES)('a service that offers texts alone offers no call anywhere (%s)', async (language, words) => {
  await renderApp(`/${language}/signUp/verification/sms`, { journeys: { signup: TEXT_SENT }, config: TEXTS_ONLY });
  expect(await screen.findByText(words['verification.requestNewCode'])).toBeInTheDocument();
  expect(screen.queryByText(words['verification.switchTo.voice'])).not.toBeInTheDocument();
});
