import { createContext, useContext } from 'react';
import { DEFAULT_POLICY, demoPagesEnabled, testDataEnabled } from '../config';
import testData from '../testData';

const AppConfigContext = createContext({ environment: 'production', apiBase: '/v1', policy: DEFAULT_POLICY });

export function AppConfigProvider({ config, children }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

const useAppConfig = () => useContext(AppConfigContext);

// The server's policy numbers (config.js): code length and expiry, resend wait, password
// bounds, name length, phone digits.
export const usePolicy = () => useAppConfig().policy || DEFAULT_POLICY;

// Test data of section 3, only in development (see config.js); {} otherwise.
export function useTestData() {
  const config = useAppConfig();
  return testDataEnabled(config) ? testData || {} : {};
}

export function useDemoPages() {
  return demoPagesEnabled(useAppConfig());
}
