import { useEffect, useState } from 'react';
import { useT } from './hooks';

// Most screens arrive well within this; saying nothing until then avoids a flash of text.
const SHOW_AFTER_MS = 500;

// What the main landmark holds while the code of a screen arrives: a polite status,
// empty at first, whose text is announced once it appears; it never takes the focus
// (the screen's h1 takes it when the screen opens).
export default function PageLoading() {
  const t = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p role="status" className="page-loading">
      {shown ? t('common.loading') : null}
    </p>
  );
}
