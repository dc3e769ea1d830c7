import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureInsight } from './analytics';
import { configureApi } from './api/v1';
import App from './App';
import { readConfig } from './config';
import { resolveLanguage } from './i18n';
import { loadMessages } from './i18n/messages';
import './styles/main.css';

const config = readConfig();
configureApi({ apiBase: config.apiBase });
configureInsight({ apiBase: config.apiBase || '/v1' });
const root = document.getElementById('root');
if (root) {
  // the shell already holds this language's messages chunk: no request, no empty first frame
  loadMessages(resolveLanguage(window.location.pathname)).then(() =>
    createRoot(root).render(
      <BrowserRouter>
        <App config={config} />
      </BrowserRouter>,
    ),
  );
}
