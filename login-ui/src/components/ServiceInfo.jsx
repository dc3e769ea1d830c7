import { createContext, useContext, useEffect, useState } from 'react';
import { api } from '../api/v1';

const ServiceInfoContext = createContext({ serviceName: '', loginHint: null, loaded: false });

// The relying service's title in the current language, else the first listed service.
export function ServiceInfoProvider({ language, children }) {
  const [info, setInfo] = useState({ serviceName: '', loginHint: null, loaded: false });
  useEffect(() => {
    let live = true;
    Promise.allSettled([api.session(language), api.services(language)]).then(([session, services]) => {
      if (!live) return;
      const sessionData = session.status === 'fulfilled' ? session.value.data || {} : {};
      const list = services.status === 'fulfilled' && Array.isArray(services.value.data) ? services.value.data : [];
      const serviceName = (sessionData.service && sessionData.service.title) || (list[0] && list[0].title) || '';
      setInfo({ serviceName, loginHint: sessionData.loginHint || null, loaded: true });
    });
    return () => {
      live = false;
    };
  }, [language]);
  return <ServiceInfoContext.Provider value={info}>{children}</ServiceInfoContext.Provider>;
}

export const useServiceInfo = () => useContext(ServiceInfoContext);
