// Only the Mantine styles the first paint needs block rendering; the rest follow when needed (issue 10 §3).
import '@/app/styles/first-paint';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRestStylesWhenNeeded } from '@/app/styles/load-rest-styles';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

loadRestStylesWhenNeeded();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
