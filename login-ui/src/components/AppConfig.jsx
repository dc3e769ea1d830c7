import { createContext, useContext } from 'react';
import { DEFAULT_POLICY, demoPagesEnabled, testDataOf } from '../config';

const AppConfigContext = createContext({ environment: 'production', apiBase: '/v1', policy: DEFAULT_POLICY });

export function AppConfigProvider({ config, children }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

const useAppConfig = () => useContext(AppConfigContext);

// The server's policy numbers (config.js): code length and expiry, resend wait, password
// bounds, name length, phone digits.
export const usePolicy = () => useAppConfig().policy || DEFAULT_POLICY;

// Test data of section 3, only in test mode (see config.js); {} otherwise.
export const useTestData = () => testDataOf(useAppConfig());

export function useDemoPages() {
  return demoPagesEnabled(useAppConfig());
}
