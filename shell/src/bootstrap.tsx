import { Toaster, announceRetry, configureApi } from '@kith/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { registerRemotesFromConfig } from './remotes/remote-registry.js';
import './index.css';

configureApi({ onRetry: announceRetry });

// Start learning where the remotes live while the first screen renders; failures surface later,
// in the remote's own area.
registerRemotesFromConfig().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
      <Toaster />
    </BrowserRouter>
  </StrictMode>,
);
