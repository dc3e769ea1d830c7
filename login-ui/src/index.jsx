import { createRoot, hydrateRoot } from 'react-dom/client';
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
  const app = (
    <BrowserRouter>
      <App config={config} />
    </BrowserRouter>
  );
  // the shell already holds this language's messages chunk: no request, no empty first frame.
  // The first screen of a journey comes as HTML (idp/shell.py, made by src/prerender): React
  // takes it over, keeping what the person typed meanwhile (EmailField).
  loadMessages(resolveLanguage(window.location.pathname)).then(() =>
    root.hasChildNodes() ? hydrateRoot(root, app) : createRoot(root).render(app),
  );
}
