// /{language}/account/download: "Download your information", once the person proved it is
// them (firstverifyitsyou/download, then its second factor). "Download my information" asks
// for everything the service holds (POST /v1/account/information) and saves it as a JSON
// file; a status message that takes the focus names the file. It may be downloaded again
// while the proof lasts.
import { useState } from 'react';
import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useLanguage, useT } from '../../components/hooks';
import { SignedIn } from '../../components/SignedIn';
import { Outcome } from './parts';

const PAGE = 'accountDownload';

// Hands the browser a file to save, as a link to it clicked would.
function save(name, data) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function Download() {
  const t = useT();
  const language = useLanguage();
  const [outcome, setOutcome] = useState(null);
  const form = useForm({ category: 'account', page: PAGE, restart: 'firstverifyitsyou/download' });
  const onSubmit = form.handle({
    action: async () => {
      setOutcome(null);
      const result = await api.accountInformation(language);
      const file = `${t('account.download.file')}-${result.data.exportedAt.slice(0, 10)}.json`;
      save(file, result.data);
      setOutcome({ kind: 'success', text: t('account.download.done', { file }) });
    },
    stays: true,
  });
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="account.download.title"
      leadId="account.download.lead"
      before={<Outcome outcome={outcome} />}
      submitId="account.download.submit"
      after={<BackLink labelId="profile.backToProfile" />}
    />
  );
}

export default function DownloadInformation() {
  return <SignedIn>{() => <Download />}</SignedIn>;
}
