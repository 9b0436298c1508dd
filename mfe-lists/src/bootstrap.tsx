// First, so the page's cascade layers (base before utilities) are declared before the remote's own.
import './standalone.css';
import { StandaloneRemote } from '@kith/web-kit/data';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

/** This remote on its own, outside the shell (`rsbuild dev`). */
createRoot(document.getElementById('root')!).render(
  <StandaloneRemote>
    <App />
  </StandaloneRemote>,
);
