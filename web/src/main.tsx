/** Entry point of the single-page app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from './api/swr-config';
import { router } from './shell/router';
import './styles/base.css';
import './styles/forms.css';
import './styles/buttons.css';
import './styles/shell.css';
import './styles/theme-picker.css';
import './styles/system-messages.css';
import './styles/mobile-nav.css';
import './styles/public.css';
import './styles/components.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  </StrictMode>,
);
