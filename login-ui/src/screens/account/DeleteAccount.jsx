// /{language}/account/delete: "Delete your account", once the person proved it is them
// (firstverifyitsyou/delete, then its second factor). The page says what will go — the
// connected services by name — and "Delete my account" deletes it (POST /v1/account/delete):
// everything goes, every session ends, the services are told, and account/deleted says so.
import { useEffect, useState } from 'react';
import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useLanguage, useT } from '../../components/hooks';
import { SignedIn } from '../../components/SignedIn';

const PAGE = 'accountDelete';

function useServiceNames() {
  const language = useLanguage();
  const [names, setNames] = useState(null);
  useEffect(() => {
    let live = true;
    api
      .accountServices(language)
      .then((result) => live && setNames(result.data.services.map((service) => service.name)))
      .catch(() => live && setNames([]));
    return () => {
      live = false;
    };
  }, [language]);
  return names;
}

function Delete({ email }) {
  const t = useT();
  const services = useServiceNames();
  const form = useForm({ category: 'account', page: PAGE, restart: 'firstverifyitsyou/delete' });
  const onSubmit = form.handle({ action: async () => form.follow(await api.accountDelete(), { deleted: true }) });
  const intro = (
    <>
      <p>{t('account.delete.whatGoes')}</p>
      <ul>
        <li>{t('account.delete.profile')}</li>
        <li>{t('account.delete.methods')}</li>
        <li>{t('account.delete.sessions')}</li>
      </ul>
      {services && services.length ? (
        <>
          <p>{t('account.delete.services')}</p>
          <ul data-testid="services-told">
            {services.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {services && !services.length ? <p>{t('account.delete.noServices')}</p> : null}
      <p>{t('account.delete.email', { email })}</p>
    </>
  );
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="account.delete.title"
      leadId="account.delete.lead"
      intro={intro}
      submitId="account.delete.submit"
      warning
      after={<BackLink />}
    />
  );
}

export default function DeleteAccount() {
  return <SignedIn>{(profile) => <Delete email={profile.email} />}</SignedIn>;
}
