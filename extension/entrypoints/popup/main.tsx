import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/app/styles/tokens.css';
import '@/app/styles/app.css';
import { createPageTransport } from '@/extension/pages/page-transport';
import { Popup } from './popup';
import './popup.css';

const transport = createPageTransport();
if (window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.dataset.theme = 'dark';
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Popup transport={transport} />
  </StrictMode>,
);
