// One way to build a screen's form: useForm holds the field errors and the busy state,
// checks before any call, makes the call and reports to analytics; FormPage lays out the
// page (one h1, the error summary, the lead, the form and its button).
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { errorCode, failureResult, RESULTS, trackEvent } from '../analytics';
import { followUp, fromFailure } from '../i18n/errors';
import { useFollow } from '../session/journey';
import ErrorSummary from './ErrorSummary';
import { Button, Notice } from './fields';
import { useErrorText, usePath, useT } from './hooks';
import Page from './Page';

// category: the flow for analytics; page: the page name; step: "step n of 4" of sign-up;
// restart: the first screen of the profile change the form belongs to (see followUp).
export function useForm({ category, page, step = null, restart = null }) {
  const follow = useFollow();
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState({});
  // changes on each failed submit, to move the focus to the error summary
  const [focusKey, setFocusKey] = useState(0);
  const track = useCallback(
    (result, label = 'button', error = undefined) => trackEvent({ category, page, step, result, label, error }),
    [category, page, step],
  );
  const show = useCallback((next) => {
    setErrors(next);
    if (Object.keys(next).length) setFocusKey((key) => key + 1);
  }, []);
  const clear = useCallback(() => setErrors({}), []);
  // an on-change check: updates one field's message without moving the focus
  const recheck = useCallback((field, error) => {
    setErrors((current) => {
      const others = { ...current };
      delete others[field];
      return error ? { ...others, [field]: error } : others;
    });
  }, []);
  // The submit handler: check() answers {field: error} (nothing when the form is fine);
  // only then send() makes the call, whose answer names the next screen (or action()
  // does what the screen does next). A refused call shows its error on `field`, or on
  // the field the server names (data.field) when it is one of `fields`. stays: the screen
  // stays after a success (a download), so its button is pressable again.
  const handle = ({ check, send, action = async () => follow(await send()), field = 'form', fields = [], stays = false }) => async (event) => {
    event.preventDefault();
    setSubmitted(true);
    const found = Object.fromEntries(Object.entries((check && check()) || {}).filter(([, error]) => error));
    if (Object.keys(found).length) {
      show(found);
      track(RESULTS.error);
      return;
    }
    setBusy(true);
    try {
      await action();
      track(RESULTS.success);
      if (stays) {
        clear();
        setBusy(false);
      }
    } catch (failure) {
      setBusy(false);
      const error = fromFailure(failure);
      const named = error.data && error.data.field;
      show({ [fields.includes(named) ? named : field]: error });
      track(failureResult(failure), 'button', errorCode(failure));
    }
  };
  return { page, step, restart, busy, submitted, errors, focusKey, follow, track, show, clear, recheck, handle };
}

// "There was a problem", one link per field in error, and where to go on when the form
// cannot fix it (start again, "I forgot my password"...).
function Summary({ errors, focusKey, restart }) {
  const t = useT();
  const path = usePath();
  const errorText = useErrorText();
  const items = Object.entries(errors).map(([field, error]) => ({ field, text: errorText(error) }));
  const found = Object.values(errors).map((error) => followUp(error, restart)).find(Boolean);
  const next = found ? { to: found.to ? path(found.to) : '/', label: t(found.labelId) } : null;
  return <ErrorSummary items={items} focusKey={focusKey} next={next} />;
}

// A sign-up step reached by a sign-in or a recovery of an account whose sign-up stopped
// there (useFollow's `resumed`) says so; otherwise nothing.
export function ResumedNotice({ textId }) {
  const t = useT();
  const { state } = useLocation();
  return state && state.resumed ? <Notice>{t(textId)}</Notice> : null;
}

// A page with one form (useForm): the fields are the children. The words are the
// screen's own message ids (a lead with values comes as `lead`); `intro` follows the
// lead, `after` follows the form (links); `before` precedes the lead (a notice); `warning`
// marks a button whose action cannot be undone.
export function FormPage({ form, onSubmit, titleId, leadId, lead, before = null, intro = null, submitId = 'common.continue', warning = false, children, after = null }) {
  const t = useT();
  const leadText = lead || (leadId ? t(leadId) : null);
  return (
    <Page pageName={form.page} title={t(titleId)} step={form.step} hasErrors={Object.keys(form.errors).length > 0}>
      <Summary errors={form.errors} focusKey={form.focusKey} restart={form.restart} />
      {before}
      {leadText ? <p className="lead">{leadText}</p> : null}
      {intro}
      <form noValidate onSubmit={onSubmit}>
        {children}
        <Button busy={form.busy} warning={warning}>
          {t(submitId)}
        </Button>
      </form>
      {after}
    </Page>
  );
}

// What an "are you sure?" page is about to change: "Your new name: Ada Byron".
export function NewValue({ labelId, value }) {
  const t = useT();
  return (
    <p>
      {t(labelId)} <strong>{value}</strong>
    </p>
  );
}

// A link back to another screen ("Cancel" to the profile home by default); `state`
// goes along (what the person typed there).
export function BackLink({ to = 'profilehome', labelId = 'common.cancel', onClick, state }) {
  const t = useT();
  const path = usePath();
  return (
    <p>
      <Link to={path(to)} onClick={onClick} state={state}>
        {t(labelId)}
      </Link>
    </p>
  );
}
