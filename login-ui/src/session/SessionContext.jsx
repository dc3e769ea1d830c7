import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { loadState, saveState, sessionReducer } from './reducer';

const SessionContext = createContext(null);

export function SessionProvider({ children, initial }) {
  const [state, setState] = useState(() => initial || loadState());
  const current = useRef(state);
  // The reducer runs synchronously and the result is stored at once, so a navigation
  // right after an action, or a reload, sees the new state.
  const dispatch = useCallback((action) => {
    const next = sessionReducer(current.current, action);
    current.current = next;
    saveState(next);
    setState(next);
  }, []);
  const value = useMemo(() => ({ state, dispatch }), [state, dispatch]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
