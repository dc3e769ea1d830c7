import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import { Notice } from '../../components/fields';
import { FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';

const PAGE = 'phoneResetCancel';

// /{language}/phonereset/cancel#<token>: the link of the notices sent when someone asked to
// remove the account's phone. Opening it changes nothing; the button cancels (once). The
// token stays in the fragment, which browsers never send to a server.
export default function CancelPhoneReset() {
  const t = useT();
  const { hash } = useLocation();
  const [cancelled, setCancelled] = useState(false);
  const form = useForm({ category: 'account', page: PAGE });
  const onSubmit = form.handle({
    action: async () => {
      await api.phoneResetCancel({ token: hash.replace(/^#/, '') });
      setCancelled(true);
    },
  });
  if (cancelled) {
    return (
      <Page pageName={PAGE} title={t('phoneReset.cancel.doneTitle')}>
        <Notice kind="success">
          <p>{t('phoneReset.cancel.done')}</p>
        </Notice>
        <p>{t('phoneReset.cancel.advice')}</p>
      </Page>
    );
  }
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="phoneReset.cancel.title"
      leadId="phoneReset.cancel.lead"
      intro={<p>{t('phoneReset.cancel.found')}</p>}
      submitId="phoneReset.cancel.submit"
    />
  );
}
