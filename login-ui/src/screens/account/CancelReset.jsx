import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import { Notice } from '../../components/fields';
import { FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';

// Each kind of reset's page: its words and its analytics page.
const KINDS = {
  phone: { words: 'phoneReset', page: 'phoneResetCancel' },
  account: { words: 'accountReset', page: 'accountResetCancel' },
};

// /{language}/phonereset/cancel#<token> and /{language}/accountreset/cancel#<token>: the link
// of the notices sent when someone asked to remove the account's phone, or to delete the
// account. Opening it changes nothing; the button cancels (once). The token stays in the
// fragment, which browsers never send to a server.
export default function CancelReset({ kind }) {
  const t = useT();
  const { hash } = useLocation();
  const [cancelled, setCancelled] = useState(false);
  const { words, page } = KINDS[kind];
  const form = useForm({ category: 'account', page });
  const onSubmit = form.handle({
    action: async () => {
      await api.resetCancel({ token: hash.replace(/^#/, '') });
      setCancelled(true);
    },
  });
  if (cancelled) {
    return (
      <Page pageName={page} title={t(`${words}.cancel.doneTitle`)}>
        <Notice kind="success">
          <p>{t(`${words}.cancel.done`)}</p>
        </Notice>
        <p>{t(`${words}.cancel.advice`)}</p>
      </Page>
    );
  }
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId={`${words}.cancel.title`}
      leadId={`${words}.cancel.lead`}
      intro={<p>{t(`${words}.cancel.found`)}</p>}
      submitId={`${words}.cancel.submit`}
    />
  );
}
