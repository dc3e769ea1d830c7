import { Link, useNavigate } from 'react-router-dom';
import { RESULTS, trackEvent } from '../../analytics';
import { Button } from '../../components/fields';
import { useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { correspondenceValue } from '../../i18n';
import { SIGN_UP } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';

export const PAGE = 'privacy';

// Privacy notice: accepting it starts a new sign-up and continues to the e-mail step.
export default function Privacy() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const { dispatch } = useSession();
  const onSubmit = (event) => {
    event.preventDefault();
    dispatch({
      type: SIGN_UP,
      payload: { language, viewPrivacy: true, emailLanguage: correspondenceValue(language) },
    });
    trackEvent({ category: 'signup', page: PAGE, result: RESULTS.success });
    navigate(`/${language}/signUp`);
  };
  return (
    <Page pageName={PAGE} title={t('privacy.title')}>
      <p className="lead">{t('privacy.lead')}</p>
      <h2>{t('privacy.collect.heading')}</h2>
      <p>{t('privacy.collect.text')}</p>
      <h2>{t('privacy.use.heading')}</h2>
      <p>{t('privacy.use.text')}</p>
      <h2>{t('privacy.authority.heading')}</h2>
      <p>{t('privacy.authority.text')}</p>
      <h2>{t('privacy.rights.heading')}</h2>
      <p>{t('privacy.rights.text')}</p>
      <form noValidate onSubmit={onSubmit}>
        <Button>{t('privacy.accept')}</Button>
      </form>
      <p>
        <Link to={`/${language}`}>{t('privacy.decline')}</Link>
      </p>
    </Page>
  );
}
