import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureApi } from './api/v1';
import App from './App';
import { readConfig } from './config';
import './styles/main.css';

const config = readConfig();
configureApi({ apiBase: config.apiBase });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BrowserRouter>
      <App config={config} />
    </BrowserRouter>,
  );
}
