import { AppConfigProvider } from './components/AppConfig';
import AppRoutes from './routes';
import { SessionProvider } from './session/SessionContext';

// Everything but the router (BrowserRouter in index.jsx, MemoryRouter in tests).
export default function App({ config, initialSession }) {
  return (
    <AppConfigProvider config={config}>
      <SessionProvider initial={initialSession}>
        <AppRoutes />
      </SessionProvider>
    </AppConfigProvider>
  );
}
