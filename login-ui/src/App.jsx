import { Suspense } from 'react';
import { AppConfigProvider } from './components/AppConfig';
import AppRoutes from './routes';
import { SessionProvider } from './session/SessionContext';

// Everything but the router (BrowserRouter in index.jsx, MemoryRouter in tests). The
// boundary only catches a language whose messages are not loaded yet outside a transition.
export default function App({ config, initialSession }) {
  return (
    <AppConfigProvider config={config}>
      <SessionProvider initial={initialSession}>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </SessionProvider>
    </AppConfigProvider>
  );
}
