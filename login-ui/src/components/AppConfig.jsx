import { createContext, useContext } from 'react';
import { demoPagesEnabled, testDataEnabled } from '../config';
import testData from '../testData';

const AppConfigContext = createContext({ environment: 'production', apiBase: '/v1' });

export function AppConfigProvider({ config, children }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export const useAppConfig = () => useContext(AppConfigContext);

// Test data of section 3, only in development (see config.js); {} otherwise.
export function useTestData() {
  const config = useAppConfig();
  return testDataEnabled(config) ? testData || {} : {};
}

export function useDemoPages() {
  return demoPagesEnabled(useAppConfig());
}
