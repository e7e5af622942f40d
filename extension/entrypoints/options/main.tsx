import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/app/styles/tokens.css';
import '@/app/styles/app.css';
import { OptionsPage } from './options-page';
import './options.css';

if (window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.dataset.theme = 'dark';
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OptionsPage />
  </StrictMode>,
);
